//! What several suites share: running the `ply` binary under test (`run`), running goals in a
//! machine built in the test and capturing what they print (`capture`), game positions
//! reached by seeded random games (`positions`), and the line a test prints when a program it
//! needs is missing (`skip`).

pub mod capture;
pub mod positions;
pub mod run;
pub mod skip;
