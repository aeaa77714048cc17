//! The statistics engine testers read after a match: the score, the Elo difference with its
//! error bar and likelihood of superiority, the pentanomial counts of game pairs, and the
//! log-likelihood ratio of the sequential probability ratio test (SPRT) with its bounds.
//!
//! The formulas are the published ones, so that a number printed here means what it means in
//! cutechess-cli and fastchess output:
//!
//! * Elo from a score `s` in the logistic model: `E = -400 log10(1/s - 1)`.
//! * The error bar is cutechess-cli's (`projects/lib/src/elo.cpp` in the cutechess repository):
//!   the per-game variance of the trinomial (win 1, draw 1/2, loss 0) about the mean score,
//!   the standard error `sqrt(var / N)`, the 95% interval of the score `s ± 1.95996 σ` carried
//!   through the Elo function, and half its width as the margin.
//! * LOS, the likelihood of superiority, is cutechess-cli's `0.5 + 0.5 erf((W - L) / sqrt(2 (W + L)))`.
//! * The SPRT is Michel Van den Bergh's generalised SPRT in the logistic model, as fishtest
//!   (`server/fishtest/stats/stat_util.py`) and fastchess (`src/matchmaking/sprt/sprt.cpp`,
//!   model `logistic`) compute it: the samples are games (trinomial: 0, 1/2, 1) or game pairs
//!   with sides swapped (pentanomial: 0, 1/4, 1/2, 3/4, 1); `s0`, `s1` are the scores of `elo0`
//!   and `elo1`; the LLR compares the maximum-likelihood distributions with mean `s1` and
//!   `s0`. Its normal approximation `(s1 - s0)(2ŝ - s0 - s1) / (2 σ² / N)`, with `ŝ` the mean
//!   score and `σ²` the variance of one sample, is kept to check it by hand. As fastchess does,
//!   a count of zero is taken as 0.001. The bounds are Wald's: `ln(β / (1 - α))` and
//!   `ln((1 - β) / α)`.

/// The 97.5% quantile of the standard normal distribution: a two-sided 95% interval.
const Z_975: f64 = 1.959_963_984_540_054;

/// What a zero count is taken to be in the SPRT, as fastchess regularises it.
const REGULARISED_ZERO: f64 = 1e-3;

/// Wins, losses and draws of the first player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games the first player won.
    pub wins: u64,
    /// Games the first player lost.
    pub losses: u64,
    /// Games drawn.
    pub draws: u64,
}

impl Score {
    /// Count one game scored 1, 1/2 or 0 for the first player (as twice the score: 2, 1, 0).
    pub fn add(&mut self, halves: u8) {
        match halves {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
    }

    /// All games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// The mean score of the first player, 0 to 1 (0.5 before any game).
    pub fn ratio(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / n as f64
    }

    /// The Elo difference and its 95% margin, as cutechess-cli computes them. A score of 0 or 1
    /// gives an infinite difference and a margin that is not a number, as cutechess-cli prints.
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games() as f64;
        if n == 0.0 {
            return (0.0, f64::NAN);
        }
        let s = self.ratio();
        let (w, l, d) = (
            self.wins as f64 / n,
            self.losses as f64 / n,
            self.draws as f64 / n,
        );
        let var = w * (1.0 - s).powi(2) + l * s.powi(2) + d * (0.5 - s).powi(2);
        let sigma = (var / n).sqrt();
        let margin = (elo_of_score(s + Z_975 * sigma) - elo_of_score(s - Z_975 * sigma)) / 2.0;
        (elo_of_score(s), margin)
    }

    /// The likelihood of superiority, 0 to 1.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 + 0.5 * erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt())
    }

    /// The share of draws, 0 to 1.
    pub fn draw_ratio(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        self.draws as f64 / n as f64
    }
}

/// Game pairs by the first player's total over the pair, in halves of a point: 0 (two
/// losses), 1, 2 (two draws or a win and a loss), 3, 4 (two wins). fastchess prints this as
/// `Ptnml(0-2)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Count one pair whose two games scored `a` and `b` halves of a point.
    pub fn add_pair(&mut self, a: u8, b: u8) {
        self.0[usize::from(a + b).min(4)] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }
}

/// The Elo difference a mean score stands for in the logistic model.
pub fn elo_of_score(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score of a player this many Elo points stronger, in the logistic model.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, by Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7), which is
/// plenty for a percentage printed with one decimal.
pub fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 {
        -y
    } else {
        y
    }
}

/// The number of samples and their frequencies, with every zero count taken as
/// [`REGULARISED_ZERO`]; `None` before any sample.
fn frequencies(counts: &[u64]) -> Option<(f64, Vec<f64>)> {
    if counts.iter().all(|&c| c == 0) {
        return None;
    }
    let regular: Vec<f64> = counts
        .iter()
        .map(|&c| if c == 0 { REGULARISED_ZERO } else { c as f64 })
        .collect();
    let n: f64 = regular.iter().sum();
    Some((n, regular.iter().map(|c| c / n).collect()))
}

/// The distribution over `values` closest to the frequencies `freq` (the maximum-likelihood
/// one) whose mean is `s`: `pᵢ = fᵢ / (1 + θ (vᵢ - s))`, with the multiplier `θ` found by
/// bisection so that the `pᵢ` sum to 1 (Van den Bergh, "Comments on GSPRT"; the same
/// construction as fishtest's `stat_util.py` and fastchess's `getLLR_logistic`). `None` when `s`
/// is not strictly between the smallest and the largest value.
pub fn mle(values: &[f64], freq: &[f64], s: f64) -> Option<Vec<f64>> {
    let lo_v = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi_v = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(lo_v < s && s < hi_v) {
        return None;
    }
    // 1 + θ (v - s) must stay positive for every value.
    let (mut lo, mut hi) = (-1.0 / (hi_v - s), 1.0 / (s - lo_v));
    // Σ fᵢ (vᵢ - s) / (1 + θ (vᵢ - s)) falls as θ grows; its root is the multiplier.
    let slope = |t: f64| {
        values
            .iter()
            .zip(freq)
            .map(|(v, f)| f * (v - s) / (1.0 + t * (v - s)))
            .sum::<f64>()
    };
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if slope(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let t = (lo + hi) / 2.0;
    Some(
        values
            .iter()
            .zip(freq)
            .map(|(v, f)| f / (1.0 + t * (v - s)))
            .collect(),
    )
}

/// The parameters of a sequential probability ratio test: `--sprt elo0,elo1,alpha,beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis H0.
    pub elo0: f64,
    /// The Elo difference of the alternative H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// H0 (the difference is `elo0`) was accepted: stop.
    H0,
    /// H1 (the difference is `elo1`) was accepted: stop.
    H1,
    /// Play on.
    Continue,
}

impl Sprt {
    /// Read `elo0,elo1,alpha,beta`; the test needs `elo0 < elo1` and `alpha`, `beta` in (0, 1)
    /// with `alpha + beta < 1`.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let parts: Vec<f64> = text
            .split(',')
            .map(|p| p.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("--sprt wants four numbers elo0,elo1,alpha,beta, not `{text}`"))?;
        let [elo0, elo1, alpha, beta] = parts[..] else {
            return Err(format!(
                "--sprt wants four numbers elo0,elo1,alpha,beta, not `{text}`"
            ));
        };
        let in_unit = |x: f64| x > 0.0 && x < 1.0;
        if !(elo0 < elo1 && in_unit(alpha) && in_unit(beta) && alpha + beta < 1.0) {
            return Err(format!(
                "--sprt needs elo0 < elo1 and 0 < alpha, beta with alpha + beta < 1: `{text}`"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Wald's lower bound: below it H0 is accepted.
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// Wald's upper bound: above it H1 is accepted.
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of samples worth `values` counted `counts` times: the
    /// generalised SPRT, `N Σ p̂ᵢ ln(p¹ᵢ / p⁰ᵢ)`, where `p̂` are the observed frequencies and
    /// `pˢ` the distribution closest to them (maximum likelihood) whose mean score is `s`.
    pub fn llr_of(&self, values: &[f64], counts: &[u64]) -> f64 {
        let Some((n, freq)) = frequencies(counts) else {
            return 0.0;
        };
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        let (Some(p0), Some(p1)) = (mle(values, &freq, s0), mle(values, &freq, s1)) else {
            return 0.0;
        };
        n * freq
            .iter()
            .zip(p0.iter().zip(&p1))
            .map(|(f, (a, b))| f * (b / a).ln())
            .sum::<f64>()
    }

    /// Van den Bergh's normal approximation of [`Sprt::llr_of`],
    /// `(s1 - s0)(2ŝ - s0 - s1) / (2 σ² / N)`, which the first fastchess releases used: the two
    /// agree once there are enough samples, and this one can be checked by hand.
    pub fn llr_approximation(&self, values: &[f64], counts: &[u64]) -> f64 {
        let Some((n, freq)) = frequencies(counts) else {
            return 0.0;
        };
        let mean = values.iter().zip(&freq).map(|(v, f)| v * f).sum::<f64>();
        let square = values
            .iter()
            .zip(&freq)
            .map(|(v, f)| v * v * f)
            .sum::<f64>();
        let var = square - mean * mean;
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var / n)
    }

    /// The LLR of single games (the trinomial model).
    pub fn llr_trinomial(&self, score: &Score) -> f64 {
        self.llr_of(&[0.0, 0.5, 1.0], &[score.losses, score.draws, score.wins])
    }

    /// The LLR of game pairs (the pentanomial model).
    pub fn llr_pentanomial(&self, pairs: &Pentanomial) -> f64 {
        self.llr_of(&[0.0, 0.25, 0.5, 0.75, 1.0], &pairs.0)
    }

    /// What an LLR decides.
    pub fn decide(&self, llr: f64) -> Decision {
        if llr >= self.upper() {
            Decision::H1
        } else if llr <= self.lower() {
            Decision::H0
        } else {
            Decision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// A worked example, every step by hand: 10 wins, 5 losses, 5 draws in 20 games.
    ///
    /// s = (10 + 5/2) / 20 = 0.625; Elo = -400 log10(1/0.625 - 1) = -400 log10(0.6) = 88.74.
    /// Variance per game = 0.5 (1 - 0.625)² + 0.25 (0.625)² + 0.25 (0.5 - 0.625)²
    /// = 0.0703125 + 0.09765625 + 0.00390625 = 0.171875; σ = sqrt(0.171875 / 20) = 0.092702.
    /// The interval of the score is 0.625 ± 1.959964 × 0.092702 = [0.443307, 0.806693], whose
    /// Elo values are -39.56 and 248.19, so the margin is (248.19 + 39.56) / 2 = 143.87.
    /// LOS = 0.5 + 0.5 erf(5 / sqrt(30)) = 0.5 + 0.5 erf(0.912871) = 0.9016.
    #[test]
    fn elo_and_error_bar_of_a_worked_example() {
        let s = Score {
            wins: 10,
            losses: 5,
            draws: 5,
        };
        assert_eq!(s.ratio(), 0.625);
        let (elo, margin) = s.elo();
        assert!(close(elo, 88.74, 0.01), "{elo}");
        assert!(close(margin, 143.87, 0.01), "{margin}");
        assert!(close(s.los(), 0.9016, 0.0001), "{}", s.los());
        assert_eq!(s.draw_ratio(), 0.25);
    }

    /// The same games under SPRT(0, 50, 0.05, 0.05): s0 = 0.5, s1 = 1/(1 + 10^(-50/400))
    /// = 0.571463; bounds ln(0.05/0.95) = -2.944 and +2.944.
    ///
    /// The normal approximation by hand: ŝ = 0.625, σ² = W + D/4 - ŝ² = 0.5 + 0.0625 - 0.390625
    /// = 0.171875, N = 20: LLR ≈ 0.071463 × (1.25 - 1.071463) / (2 × 0.171875 / 20)
    /// = 0.012759 / 0.0171875 = 0.7423. As 10 pairs with totals [1, 1, 3, 2, 3] at 0, 1/4,
    /// 1/2, 3/4, 1: mean 0.625 again, E[x²] = (1/16 + 3/4 + 2 × 9/16 + 3) / 10 = 0.49375,
    /// σ² = 0.103125, LLR ≈ 0.012759 / (2 × 0.103125 / 10) = 0.6186.
    ///
    /// The exact GSPRT reweights the observed frequencies to each hypothesis' mean; it agrees
    /// with the approximation to within a tenth here (0.6887 and 0.5506, which a direct
    /// bisection for the multiplier in a few lines of any language reproduces), and the
    /// reweighted distributions are checked to be distributions with the required mean.
    #[test]
    fn sprt_of_a_worked_example() {
        let t = Sprt::parse("0,50,0.05,0.05").unwrap();
        assert!(close(t.lower(), -2.9444, 0.0001));
        assert!(close(t.upper(), 2.9444, 0.0001));
        let tri = [0.0, 0.5, 1.0];
        let penta = [0.0, 0.25, 0.5, 0.75, 1.0];
        assert!(close(
            t.llr_approximation(&tri, &[5, 5, 10]),
            0.7423,
            0.0001
        ));
        assert!(close(
            t.llr_approximation(&penta, &[1, 1, 3, 2, 3]),
            0.6186,
            0.0001
        ));
        let s = Score {
            wins: 10,
            losses: 5,
            draws: 5,
        };
        let exact_tri = t.llr_trinomial(&s);
        let exact_penta = t.llr_pentanomial(&Pentanomial([1, 1, 3, 2, 3]));
        assert!(close(exact_tri, 0.6887, 0.0001), "{exact_tri}");
        assert!(close(exact_penta, 0.5506, 0.0001), "{exact_penta}");
        assert!(close(exact_tri, 0.7423, 0.1) && close(exact_penta, 0.6186, 0.1));
        let p = mle(&tri, &[0.25, 0.25, 0.5], score_of_elo(50.0)).unwrap();
        assert!(close(p.iter().sum::<f64>(), 1.0, 1e-9));
        let mean: f64 = p.iter().zip(&tri).map(|(p, v)| p * v).sum();
        assert!(close(mean, 0.571463, 1e-6));
        assert_eq!(t.decide(0.7423), Decision::Continue);
        assert_eq!(t.decide(3.0), Decision::H1);
        assert_eq!(t.decide(-3.0), Decision::H0);
    }

    #[test]
    fn one_sided_matches_and_bad_parameters() {
        let s = Score {
            wins: 4,
            losses: 0,
            draws: 0,
        };
        assert!(s.elo().0.is_infinite() && s.elo().1.is_nan());
        let t = Sprt::parse("0,50,0.05,0.05").unwrap();
        // Pairs won twice over: the regularised zeros keep the LLR finite, each such pair adds
        // the same evidence (0.1336), and 23 of them are enough.
        let llr = |k| t.llr_pentanomial(&Pentanomial([0, 0, 0, 0, k]));
        assert!(close(llr(1), 0.1338, 0.0001), "{}", llr(1));
        assert_eq!(t.decide(llr(22)), Decision::Continue);
        assert_eq!(t.decide(llr(23)), Decision::H1);
        assert!(Sprt::parse("50,0,0.05,0.05").is_err());
        assert!(Sprt::parse("0,50,0.05").is_err());
        assert!(Sprt::parse("0,50,0.6,0.5").is_err());
        assert!(close(erf(0.5), 0.5205, 0.0001));
    }
}
