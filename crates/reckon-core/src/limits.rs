//! Resource limits, the work meter, the memory budget and the nesting-depth counter.
//!
//! Limits travel as values (no globals): a tool receives a [`Limits`], creates one [`Meter`] per
//! request and one [`Depth`] per parse. The meter is charged *before* each costly big-number
//! operation, so a request that would exceed its budget is refused before the work is done.
//!
//! Memory is the other resource a request can exhaust. A [`MemoryBudget`] compares what the
//! request holds on the heap, read from a [`MemoryGauge`] the front end lends it (the process's
//! allocator counts each thread's bytes; the core does no I/O and knows no allocator), with its
//! limit: a tool asks it to admit a large allocation before making it, and checks it as it goes
//! for everything else.

/// The resource limits of one request. The defaults are the `limits` object of the
/// decimal-expression-evaluate 1.0.0 specification.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Longest expression, in UTF-8 bytes.
    pub max_expression_bytes: usize,
    /// Most tokens in one expression.
    pub max_tokens: usize,
    /// Deepest nesting of parentheses, calls and pending unary minus signs.
    pub max_depth: u32,
    /// Most decimal digits in a reduced numerator or denominator of an intermediate result.
    pub max_intermediate_digits: u32,
    /// Work units one request may spend (see [`Meter`]).
    pub max_arithmetic_work: u64,
    /// Most members of the `variables` object.
    pub max_variables: usize,
    /// Most arguments of one `min`/`max` call.
    pub max_call_args: usize,
    /// Largest magnitude of a `^` exponent (a validity bound).
    pub max_power_exponent: u32,
    /// Longest numeric literal or variable value, in characters.
    pub max_literal_chars: usize,
    /// Largest scale and `round()` digit count (a validity bound).
    pub max_scale: u32,
}

impl Limits {
    /// The limits of the specification.
    pub const DEFAULT: Self = Self {
        max_expression_bytes: 2_000,
        max_tokens: 500,
        max_depth: 64,
        max_intermediate_digits: 200,
        max_arithmetic_work: 50_000,
        max_variables: 100,
        max_call_args: 50,
        max_power_exponent: 100,
        max_literal_chars: 62,
        max_scale: 40,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// A request-local budget of arithmetic work.
///
/// Each costly operation is charged `d²` units, where `d` is the largest decimal digit count among
/// the integers it works on; the charge is made before the operation, and a charge that would take
/// the total over the budget is refused (reaching the budget exactly is allowed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meter {
    used: u64,
    budget: u64,
}

/// The refusal of a [`Meter`] charge: the work already spent and the charge that did not fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkExhausted {
    /// The budget.
    pub budget: u64,
    /// Units spent before the refused charge.
    pub used: u64,
    /// The refused charge.
    pub charge: u64,
}

impl Meter {
    /// A meter with `budget` units and nothing spent.
    pub const fn new(budget: u64) -> Self {
        Self { used: 0, budget }
    }

    /// Charges `digits²` units for an operation whose largest operand has `digits` decimal digits.
    ///
    /// # Errors
    /// [`WorkExhausted`] when the charge would take the total over the budget; nothing is charged then.
    pub fn charge_digits(&mut self, digits: u32) -> Result<(), WorkExhausted> {
        self.charge(u64::from(digits) * u64::from(digits))
    }

    /// Charges `charge` units, for tools whose costs are not digit counts (one unit per node
    /// evaluated, a product of limb counts).
    ///
    /// # Errors
    /// [`WorkExhausted`] when the charge would take the total over the budget; nothing is charged then.
    pub fn charge(&mut self, charge: u64) -> Result<(), WorkExhausted> {
        match self.used.checked_add(charge) {
            Some(total) if total <= self.budget => {
                self.used = total;
                Ok(())
            }
            _ => Err(WorkExhausted {
                budget: self.budget,
                used: self.used,
                charge,
            }),
        }
    }

    /// Units spent so far.
    pub const fn used(&self) -> u64 {
        self.used
    }

    /// The budget this meter started with.
    pub const fn budget(&self) -> u64 {
        self.budget
    }
}

/// Reads how many bytes of heap the current thread holds, as the process's global allocator
/// counts them (for reckon's binaries, `reckon_alloc::thread_heap_bytes`). Only differences
/// between two readings on one thread mean anything.
#[derive(Clone, Copy, Debug)]
pub struct MemoryGauge {
    read: fn() -> i64,
}

impl MemoryGauge {
    /// A gauge that calls `read` for each reading.
    pub const fn new(read: fn() -> i64) -> Self {
        Self { read }
    }

    /// The current thread's reading now.
    #[inline]
    pub fn read(self) -> i64 {
        (self.read)()
    }
}

/// One request's memory budget: at most `limit` bytes held on the heap beyond what its thread
/// held when the request began.
#[derive(Clone, Copy, Debug)]
pub struct MemoryBudget {
    gauge: MemoryGauge,
    start: i64,
    limit: u64,
}

/// The refusal of [`MemoryBudget::admit`]: what was held, what was asked for, and the limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryExhausted {
    /// The budget, in bytes.
    pub limit: u64,
    /// Bytes held when the allocation was asked for.
    pub held: u64,
    /// The bytes asked for.
    pub asked: u64,
}

impl MemoryBudget {
    /// A budget of `limit` bytes starting now, on the current thread.
    pub fn start(gauge: MemoryGauge, limit: u64) -> Self {
        Self {
            gauge,
            start: gauge.read(),
            limit,
        }
    }

    /// Bytes held beyond the start (0 when the thread holds less than it did then).
    #[inline]
    pub fn held(&self) -> u64 {
        u64::try_from(self.gauge.read().wrapping_sub(self.start)).unwrap_or(0)
    }

    /// Whether `asked` more bytes fit beside what is held now (reaching the limit exactly is
    /// allowed). Ask with 0 to check that the request is still within its budget.
    ///
    /// # Errors
    /// [`MemoryExhausted`] when held + asked would exceed the limit.
    #[inline]
    pub fn admit(&self, asked: u64) -> Result<(), MemoryExhausted> {
        let held = self.held();
        if held.saturating_add(asked) > self.limit {
            return Err(MemoryExhausted {
                limit: self.limit,
                held,
                asked,
            });
        }
        Ok(())
    }

    /// The budget, in bytes.
    pub const fn limit(&self) -> u64 {
        self.limit
    }
}

/// A nesting-depth counter for recursive-descent parsers.
///
/// Not an RAII guard: our parsers stop at the first fault and discard their state, so the counter
/// only has to be left on success paths, and a plain counter needs no interior mutability while the
/// parser holds `&mut self`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depth {
    current: u32,
    limit: u32,
}

/// The refusal of [`Depth::enter`]: one more level would exceed the limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DepthExceeded {
    /// The limit that would be exceeded.
    pub limit: u32,
}

impl Depth {
    /// A counter at depth 0 that admits at most `limit` levels.
    pub const fn new(limit: u32) -> Self {
        Self { current: 0, limit }
    }

    /// Goes one level deeper.
    ///
    /// # Errors
    /// [`DepthExceeded`] when the new depth would be over the limit; the depth is unchanged then.
    pub fn enter(&mut self) -> Result<(), DepthExceeded> {
        if self.current >= self.limit {
            return Err(DepthExceeded { limit: self.limit });
        }
        self.current += 1;
        Ok(())
    }

    /// Comes back one level (after the construct that entered is complete).
    pub fn leave(&mut self) {
        self.current = self.current.saturating_sub(1);
    }

    /// The current depth.
    pub const fn current(&self) -> u32 {
        self.current
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        static FAKE_HEAP: Cell<i64> = const { Cell::new(0) };
    }

    fn fake_heap() -> i64 {
        FAKE_HEAP.with(Cell::get)
    }

    #[test]
    fn memory_budget_admits_exactly_its_limit_beyond_the_start() {
        FAKE_HEAP.with(|h| h.set(5_000));
        let budget = MemoryBudget::start(MemoryGauge::new(fake_heap), 1_000);
        assert_eq!(budget.held(), 0);
        FAKE_HEAP.with(|h| h.set(5_400));
        assert_eq!(budget.held(), 400);
        budget.admit(599).expect("N-1 fits");
        budget.admit(600).expect("exactly the limit fits");
        assert_eq!(
            budget.admit(601),
            Err(MemoryExhausted {
                limit: 1_000,
                held: 400,
                asked: 601
            })
        );
        FAKE_HEAP.with(|h| h.set(6_001));
        assert!(budget.admit(0).is_err(), "held past the limit");
        FAKE_HEAP.with(|h| h.set(4_000));
        assert_eq!(
            budget.held(),
            0,
            "freeing more than was held reads as nothing held"
        );
        budget.admit(1_000).expect("the whole budget again");
    }

    #[test]
    fn meter_admits_exactly_the_budget_and_refuses_one_more() {
        let mut meter = Meter::new(50_000);
        for _ in 0..2 {
            meter.charge_digits(150).expect("22,500 fits");
        }
        assert_eq!(meter.used(), 45_000);
        // 45,000 + 70² = 49,900 (N-1 side), then + 10² = 50,000 exactly (N), then + 1 (N+1).
        meter.charge_digits(70).expect("49,900 fits");
        meter.charge_digits(10).expect("exactly 50,000 fits");
        let refused = meter.charge_digits(1).expect_err("50,001 does not fit");
        assert_eq!(
            refused,
            WorkExhausted {
                budget: 50_000,
                used: 50_000,
                charge: 1
            }
        );
        assert_eq!(meter.used(), 50_000, "a refused charge is not recorded");
    }

    #[test]
    fn plain_charges_admit_exactly_the_budget() {
        let mut meter = Meter::new(10);
        meter.charge(9).expect("9 of 10 fits");
        meter.charge(1).expect("exactly 10 fits");
        assert!(meter.charge(1).is_err(), "11 does not fit");
        assert!(
            meter.charge(u64::MAX).is_err(),
            "an overflowing charge is refused"
        );
        assert_eq!(meter.used(), 10);
    }

    #[test]
    fn depth_admits_the_limit_and_refuses_one_more() {
        let mut depth = Depth::new(64);
        for _ in 0..63 {
            depth.enter().expect("below the limit");
        }
        depth.enter().expect("level 64 is allowed");
        assert_eq!(depth.enter(), Err(DepthExceeded { limit: 64 }));
        depth.leave();
        assert_eq!(depth.current(), 63);
        depth.enter().expect("back at 64 after leaving one level");
    }
}
