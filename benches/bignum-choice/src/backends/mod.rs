//! One module per crate; each is compiled only with its feature.

#[cfg(feature = "dashu-int")]
pub mod dashu_int;
#[cfg(feature = "dashu")]
pub mod dashu_ratio;
#[cfg(feature = "malachite")]
pub mod malachite;
#[cfg(feature = "num")]
pub mod num;
