//! Ratings of many players from the games they played against each other: the maximum
//! likelihood Elo of every player as Ordo computes it, with error bars.
//!
//! The model is the logistic one every Elo list uses: a player rated `d` above its opponent
//! expects the score `E(d) = 1 / (1 + 10^(-d / 400))`, and a draw counts as half a win and half
//! a loss (Ordo's default). The ratings that make the games most likely are the ones under which
//! every player's expected score over its games equals its real score; they are found by
//! Newton's method on the log-likelihood, with the mean rating fixed at 0 (Ordo's pool average).
//! The error bars are the 95% intervals of the normal approximation: the inverse of the Fisher
//! information (the negative Hessian of the log-likelihood), taken as the pseudo-inverse since
//! the likelihood does not change when every rating moves together, so each rating's variance is
//! relative to the pool's mean.
//!
//! The maximum does not exist when a player won or lost every game (its rating runs off to
//! infinity), or when the players fall into groups that never met. Then, as BayesElo does with
//! its prior, every pair of players that met gets one virtual draw more, which keeps every
//! rating finite and changes the others little; the table says so.

/// `ln 10 / 400`: the slope of the logistic curve in Elo.
const C: f64 = std::f64::consts::LN_10 / 400.0;

/// The 97.5% quantile of the standard normal distribution: a two-sided 95% interval.
const Z_975: f64 = 1.959_963_984_540_054;

/// The results between the players of a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Results {
    /// Games played between `i` and `j` (symmetric).
    pub games: Vec<Vec<f64>>,
    /// Points scored by `i` against `j`.
    pub points: Vec<Vec<f64>>,
    /// Games drawn between `i` and `j` (symmetric).
    pub draws: Vec<Vec<f64>>,
}

impl Results {
    /// No games yet between `n` players.
    pub fn new(n: usize) -> Results {
        Results {
            games: vec![vec![0.0; n]; n],
            points: vec![vec![0.0; n]; n],
            draws: vec![vec![0.0; n]; n],
        }
    }

    /// Count a game of `a` against `b` in which `a` scored `halves / 2` points.
    pub fn add(&mut self, a: usize, b: usize, halves: u8) {
        let s = f64::from(halves) / 2.0;
        self.games[a][b] += 1.0;
        self.games[b][a] += 1.0;
        self.points[a][b] += s;
        self.points[b][a] += 1.0 - s;
        if halves == 1 {
            self.draws[a][b] += 1.0;
            self.draws[b][a] += 1.0;
        }
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.games.len()
    }

    /// The games `i` played in all.
    pub fn total_games(&self, i: usize) -> f64 {
        self.games[i].iter().sum()
    }

    /// The points `i` scored in all.
    pub fn total_points(&self, i: usize) -> f64 {
        self.points[i].iter().sum()
    }
}

/// The ratings of a pool of players.
#[derive(Clone, Debug, PartialEq)]
pub struct Ratings {
    /// Each player's Elo, relative to a pool mean of 0.
    pub elo: Vec<f64>,
    /// The half-width of each rating's 95% interval.
    pub error: Vec<f64>,
    /// Whether one virtual draw per pair was added because the maximum did not exist.
    pub prior: bool,
}

/// The expected score of a player rated `d` Elo above its opponent.
pub fn expected(d: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-d / 400.0))
}

/// The maximum likelihood ratings of `r`, with error bars.
pub fn ratings(r: &Results) -> Ratings {
    if let Some(elo) = maximum_likelihood(r) {
        let error = error_bars(r, &elo);
        return Ratings {
            elo,
            error,
            prior: false,
        };
    }
    let mut with_prior = r.clone();
    let n = r.players();
    for i in 0..n {
        for j in 0..n {
            if i != j && r.games[i][j] > 0.0 {
                with_prior.games[i][j] += 1.0;
                with_prior.points[i][j] += 0.5;
            }
        }
    }
    let elo = maximum_likelihood(&with_prior).unwrap_or_else(|| vec![0.0; n]);
    let error = error_bars(&with_prior, &elo);
    Ratings {
        elo,
        error,
        prior: true,
    }
}

/// The ratings under which every player's expected score equals its score, with mean 0; none
/// when Newton's method does not settle on finite ratings.
fn maximum_likelihood(r: &Results) -> Option<Vec<f64>> {
    let n = r.players();
    if n == 0 {
        return Some(Vec::new());
    }
    let mut elo = vec![0.0; n];
    for _ in 0..200 {
        let (gradient, info) = derivatives(r, &elo);
        let step = solve_centered(&info, &gradient)?;
        let mut largest: f64 = 0.0;
        for (e, s) in elo.iter_mut().zip(&step) {
            // Newton's step on the log-likelihood, which is concave; a step is kept short so
            // that a far start cannot overshoot into the flat tails of the logistic curve.
            let s = s.clamp(-400.0, 400.0);
            *e += s;
            largest = largest.max(s.abs());
        }
        if elo.iter().any(|e| !e.is_finite() || e.abs() > 4000.0) {
            return None;
        }
        if largest < 1e-9 {
            return Some(elo);
        }
    }
    None
}

/// The gradient of the log-likelihood in Elo and the Fisher information matrix at `elo`.
fn derivatives(r: &Results, elo: &[f64]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = r.players();
    let mut gradient = vec![0.0; n];
    let mut info = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..n {
            let g = r.games[i][j];
            if i == j || g == 0.0 {
                continue;
            }
            let e = expected(elo[i] - elo[j]);
            gradient[i] += C * (r.points[i][j] - g * e);
            let w = C * C * g * e * (1.0 - e);
            info[i][i] += w;
            info[i][j] -= w;
        }
    }
    (gradient, info)
}

/// The solution `x` with mean 0 of `info x = b`, where `info` is a Laplacian (its rows sum to
/// 0): it is `(info + J/n)^-1 b` for `b` summing to 0, `J` the matrix of ones. None when the
/// players do not form one connected pool.
fn solve_centered(info: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let inverse = centered_inverse(info)?;
    Some(
        inverse
            .iter()
            .map(|row| row.iter().zip(b).map(|(a, x)| a * x).sum())
            .collect(),
    )
}

/// The pseudo-inverse of a connected Laplacian: `(L + J/n)^-1 - J/n`.
fn centered_inverse(info: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = info.len();
    let shift = 1.0 / n as f64;
    let mut a: Vec<Vec<f64>> = info
        .iter()
        .map(|row| row.iter().map(|x| x + shift).collect())
        .collect();
    let mut inv = invert(&mut a)?;
    for row in inv.iter_mut() {
        for x in row.iter_mut() {
            *x -= shift;
        }
    }
    Some(inv)
}

/// The inverse of a small square matrix by Gauss-Jordan elimination with partial pivoting;
/// none when it is singular.
fn invert(a: &mut [Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    let scale = a
        .iter()
        .flat_map(|r| r.iter())
        .fold(0.0f64, |m, x| m.max(x.abs()));
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() <= scale * 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let p = a[col][col];
        for k in 0..n {
            a[col][k] /= p;
            inv[col][k] /= p;
        }
        for row in 0..n {
            if row != col {
                let f = a[row][col];
                if f != 0.0 {
                    for k in 0..n {
                        a[row][k] -= f * a[col][k];
                        inv[row][k] -= f * inv[col][k];
                    }
                }
            }
        }
    }
    Some(inv)
}

/// The half-widths of the 95% intervals of the ratings at the maximum `elo`.
fn error_bars(r: &Results, elo: &[f64]) -> Vec<f64> {
    let (_, info) = derivatives(r, elo);
    match centered_inverse(&info) {
        Some(cov) => (0..elo.len())
            .map(|i| Z_975 * cov[i][i].max(0.0).sqrt())
            .collect(),
        None => vec![f64::NAN; elo.len()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four players, every pair meeting four times: A and B draw each other, as do C and D;
    /// A and B each score 3 of 4 against C and against D. By symmetry A and B share a rating
    /// `x` and C and D have `-x`; A's expected score equals its score when
    /// `2 + 8 E(2x) = 2 + 6`, so `E(2x) = 3/4`, `2x = 400 log10 3` and `x = 95.42`.
    #[test]
    fn a_symmetric_round_robin_rates_as_worked_by_hand() {
        let mut r = Results::new(4);
        for _ in 0..4 {
            r.add(0, 1, 1);
            r.add(2, 3, 1);
        }
        for strong in [0, 1] {
            for weak in [2, 3] {
                for halves in [2, 2, 2, 0] {
                    r.add(strong, weak, halves);
                }
            }
        }
        let got = ratings(&r);
        let x = 200.0 * 3f64.log10();
        assert!(!got.prior);
        for (e, want) in got.elo.iter().zip([x, x, -x, -x]) {
            assert!((e - want).abs() < 1e-6, "{got:?}");
        }
        // The error bars: with every rating's information sum the same and the pool
        // symmetric, all four are equal, and finite.
        assert!(got.error.iter().all(|e| (e - got.error[0]).abs() < 1e-6));
        assert!(got.error[0] > 50.0 && got.error[0] < 500.0, "{got:?}");
    }

    /// Two players: the maximum likelihood rating difference is the Elo of the score, split
    /// about the mean, and the error bar is the delta method's on the binomial score.
    #[test]
    fn two_players_rate_as_the_score_says() {
        let mut r = Results::new(2);
        for halves in [2, 2, 2, 1, 0] {
            r.add(0, 1, halves);
        }
        let got = ratings(&r);
        let s: f64 = 3.5 / 5.0;
        let diff = -400.0 * (1.0 / s - 1.0).log10();
        assert!((got.elo[0] - diff / 2.0).abs() < 1e-6, "{got:?}");
        assert!((got.elo[1] + diff / 2.0).abs() < 1e-6, "{got:?}");
        // Var(d) = 1 / (n C^2 s (1 - s)); each rating carries half of d.
        let sd = (1.0 / (5.0 * C * C * s * (1.0 - s))).sqrt() / 2.0;
        assert!((got.error[0] - Z_975 * sd).abs() < 1e-6, "{got:?}");
    }

    #[test]
    fn a_perfect_score_falls_back_to_one_virtual_draw_per_pair() {
        let mut r = Results::new(3);
        r.add(0, 1, 2);
        r.add(0, 2, 2);
        r.add(1, 2, 1);
        let got = ratings(&r);
        assert!(got.prior);
        assert!(got.elo.iter().all(|e| e.is_finite()));
        assert!(got.elo[0] > 0.0 && (got.elo[1] - got.elo[2]).abs() < 1e-6);
    }
}
