//! Placeholder for the atoms builtin family; registration only.

use crate::machine::Machine;

/// Register the family.
pub fn install(_m: &mut Machine) {}
