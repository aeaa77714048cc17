//! What several suites share: running the `ply` binary under test (`run`), running goals in a
//! machine built in the test and capturing what they print (`capture`), and game positions
//! reached by seeded random games (`positions`).

pub mod capture;
pub mod positions;
pub mod run;
