//! The search every genre shares: propagate to a fixpoint, branch, recurse, count solutions.
//!
//! A genre describes itself through [`Problem`]: how to narrow a state by logic
//! ([`Problem::propagate`]), how to split a state that logic cannot finish into alternatives
//! ([`Problem::branch`]), and how to read a finished state as a grid ([`Problem::solution`]).
//! [`solve`] owns everything else once, for all genres: the depth-first order, solution
//! counting up to a limit, the node and time budget, cancellation by deadline, progress
//! reports and statistics.
//!
//! The search keeps its own stack of states (no recursion, so deep searches cannot overflow
//! the wasm stack). A state popped from the stack is one *node*: it is propagated; a
//! contradiction abandons it; a complete state is a solution; otherwise its alternatives are
//! pushed, the first one to be explored next. Because the alternatives of every branch
//! together cover all solutions of the state, an exhausted stack proves the count exact:
//! that is what makes `unique` and `none` honest.

use super::error::{Error, Place};

/// A solved grid: rows of numbers (nonogram 1 = filled, 0 = empty; Kakuro and Str8ts the
/// digit of every white cell, 0 on black cells).
pub type Grid = Vec<Vec<u8>>;

/// What logic has decided of a grid: a cell's value (as in [`Grid`]) where decided, `None`
/// where not.
pub type KnownGrid = Vec<Vec<Option<u8>>>;

/// Why a state cannot go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The state has no solution.
    Contradiction,
    /// The node or time budget ran out: nothing is known about the state.
    OutOfBudget,
}

/// A puzzle genre as the search sees it.
pub trait Problem {
    /// What the search copies and narrows: the candidates of every cell.
    type State: Clone;

    /// The state before any deduction (givens applied).
    fn initial(&self) -> Self::State;

    /// Deduce by logic until nothing more follows. Long deductions call
    /// [`Budget::tick`] now and then so that a time limit is honoured inside them.
    fn propagate(&self, state: &mut Self::State, budget: &mut Budget) -> Result<(), Stop>;

    /// Split a propagated state: `None` when every cell is decided (the state is a
    /// solution), otherwise alternatives that together hold every solution of `state`,
    /// the most promising first.
    fn branch(&self, state: &Self::State) -> Option<Vec<Self::State>>;

    /// The grid of a state for which [`Problem::branch`] returned `None`.
    fn solution(&self, state: &Self::State) -> Grid;

    /// The decided cells of any state (black cells count as decided, 0).
    fn known(&self, state: &Self::State) -> KnownGrid;
}

/// What the caller allows a solve.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveOptions {
    /// Stop after this many solutions (at least 1; default 2, which decides uniqueness).
    pub max_solutions: usize,
    /// Give up (status [`Status::Unknown`]) after this many milliseconds.
    pub time_limit_ms: Option<f64>,
    /// Give up after this many search nodes.
    pub node_limit: Option<u64>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions { max_solutions: 2, time_limit_ms: None, node_limit: None }
    }
}

impl SolveOptions {
    /// Reject limits that make no sense, naming the option.
    pub fn validate(&self) -> Result<(), Error> {
        if self.max_solutions == 0 {
            return Err(Error::new(Place::Field("options.maxSolutions".into()), "must be at least 1"));
        }
        if let Some(t) = self.time_limit_ms {
            if t.is_nan() || t < 0.0 {
                return Err(Error::new(Place::Field("options.timeLimitMs".into()), format!("must be a number of milliseconds ≥ 0, not {t}")));
            }
        }
        Ok(())
    }
}

/// The verdict of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Exactly one solution: the search was exhausted.
    Unique,
    /// At least two different solutions, both returned as proof.
    Multiple,
    /// Proven unsolvable: the search was exhausted without a solution.
    None,
    /// The budget ran out (or `max_solutions` was 1 and the search was not exhausted):
    /// the solutions returned, if any, are real, but their count is not known.
    Unknown,
}

impl Status {
    /// The name used by the JS API.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::None => "none",
            Status::Unknown => "unknown",
        }
    }
}

/// What a solve did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// States taken from the search stack and propagated (the first one is the puzzle
    /// itself), and the nodes of a genre's own searches inside propagation
    /// ([`Budget::count_node`]).
    pub nodes: u64,
    /// Nodes abandoned on a contradiction.
    pub contradictions: u64,
    /// The deepest branching level reached (0: logic alone decided the puzzle).
    pub max_depth: u32,
    /// Units of propagation work (line solves, run revisions...), as counted by the genre.
    pub work: u64,
    /// Wall-clock milliseconds, as measured by the clock passed in.
    pub millis: f64,
}

/// The result of [`solve`].
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The verdict.
    pub status: Status,
    /// The solutions found, at most `max_solutions`, in search order.
    pub solutions: Vec<Grid>,
    /// What the search did.
    pub stats: Stats,
    /// With [`Status::Unknown`]: the cells logic decided for every solution (the puzzle
    /// itself propagated, before any guess), when that propagation finished in time.
    pub partial: Option<KnownGrid>,
}

/// A source of milliseconds; the core never reads a clock itself (the browser's and the
/// native clocks differ), the caller passes one in.
pub trait Clock {
    /// Milliseconds since some fixed origin.
    fn now_ms(&self) -> f64;
}

/// The native clock (`std::time::Instant`), for tests, benchmarks and native callers.
#[cfg(not(target_arch = "wasm32"))]
pub struct SystemClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl Default for SystemClock {
    fn default() -> Self {
        SystemClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for SystemClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// Receives the statistics while a solve runs (about every 100 ms).
pub trait Progress {
    /// Called with the statistics so far.
    fn report(&mut self, stats: &Stats);
}

/// A progress receiver that ignores everything.
pub struct NoProgress;

impl Progress for NoProgress {
    fn report(&mut self, _: &Stats) {}
}

/// How often (in ticks) the clock is read: reading it costs a call across to JS in wasm.
const TICKS_PER_CLOCK_READ: u32 = 256;
/// How often progress is reported, in milliseconds.
const PROGRESS_INTERVAL_MS: f64 = 100.0;

/// The limits of one solve, checked by the search at every node and by genres inside long
/// deductions through [`Budget::tick`].
pub struct Budget<'a> {
    clock: &'a dyn Clock,
    progress: &'a mut dyn Progress,
    start_ms: f64,
    deadline_ms: Option<f64>,
    node_limit: Option<u64>,
    ticks_until_clock_read: u32,
    next_progress_ms: f64,
    exhausted: bool,
    stats: Stats,
}

impl<'a> Budget<'a> {
    fn new(options: &SolveOptions, clock: &'a dyn Clock, progress: &'a mut dyn Progress) -> Self {
        let start_ms = clock.now_ms();
        Budget {
            clock,
            progress,
            start_ms,
            deadline_ms: options.time_limit_ms.map(|t| start_ms + t),
            node_limit: options.node_limit,
            ticks_until_clock_read: TICKS_PER_CLOCK_READ,
            next_progress_ms: start_ms + PROGRESS_INTERVAL_MS,
            exhausted: false,
            stats: Stats::default(),
        }
    }

    /// Count one unit of propagation work; `Err(Stop::OutOfBudget)` once time is up.
    pub fn tick(&mut self) -> Result<(), Stop> {
        self.stats.work += 1;
        self.ticks_until_clock_read -= 1;
        if self.ticks_until_clock_read == 0 {
            self.ticks_until_clock_read = TICKS_PER_CLOCK_READ;
            self.read_clock();
        }
        if self.exhausted {
            Err(Stop::OutOfBudget)
        } else {
            Ok(())
        }
    }

    /// Count one node of a search that a genre runs inside [`Problem::propagate`], as the
    /// shared search counts its own: it adds to [`Stats::nodes`] and obeys the node limit.
    pub fn count_node(&mut self) -> Result<(), Stop> {
        self.enter_node(0)
    }

    /// Whether the budget has run out.
    pub fn is_exhausted(&self) -> bool {
        self.exhausted
    }

    fn read_clock(&mut self) {
        let now = self.clock.now_ms();
        self.stats.millis = now - self.start_ms;
        if self.deadline_ms.is_some_and(|d| now >= d) {
            self.exhausted = true;
        }
        if now >= self.next_progress_ms {
            self.next_progress_ms = now + PROGRESS_INTERVAL_MS;
            self.progress.report(&self.stats);
        }
    }

    fn enter_node(&mut self, depth: u32) -> Result<(), Stop> {
        // A node refused for the limit is not counted: `nodes` never exceeds `node_limit`.
        if self.node_limit.is_some_and(|limit| self.stats.nodes >= limit) {
            self.exhausted = true;
            return Err(Stop::OutOfBudget);
        }
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(depth);
        self.tick()
    }
}

/// Search `problem` for up to `options.max_solutions` solutions within the budget.
pub fn solve<P: Problem>(
    problem: &P,
    options: &SolveOptions,
    clock: &dyn Clock,
    progress: &mut dyn Progress,
) -> Outcome {
    let mut budget = Budget::new(options, clock, progress);
    let max_solutions = options.max_solutions.max(1);
    let mut solutions = Vec::new();
    let mut stack = vec![(problem.initial(), 0u32)];
    let mut out_of_budget = false;
    let mut root_known = None;
    while let Some((mut state, depth)) = stack.pop() {
        if budget.enter_node(depth).is_err() {
            out_of_budget = true;
            break;
        }
        match problem.propagate(&mut state, &mut budget) {
            Ok(()) => {}
            Err(Stop::Contradiction) => {
                budget.stats.contradictions += 1;
                continue;
            }
            Err(Stop::OutOfBudget) => {
                out_of_budget = true;
                break;
            }
        }
        match problem.branch(&state) {
            None => {
                solutions.push(problem.solution(&state));
                if solutions.len() >= max_solutions {
                    break;
                }
            }
            Some(children) => {
                // Only a puzzle that logic alone cannot finish can end `unknown` with something
                // to report: what its propagation decided for every solution.
                if depth == 0 {
                    root_known = Some(problem.known(&state));
                }
                stack.extend(children.into_iter().rev().map(|child| (child, depth + 1)));
            }
        }
    }
    let exhausted = !out_of_budget && stack.is_empty();
    let status = match (solutions.len(), exhausted) {
        (n, _) if n >= 2 => Status::Multiple,
        (1, true) => Status::Unique,
        (0, true) => Status::None,
        _ => Status::Unknown,
    };
    budget.read_clock();
    let partial = if status == Status::Unknown { root_known } else { None };
    Outcome { status, solutions, stats: budget.stats, partial }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Toy genre: a row of `n` binary cells with exactly `ones` ones; propagation only
    /// notices when the count is already impossible.
    struct Ones {
        n: usize,
        ones: usize,
    }

    impl Problem for Ones {
        type State = Vec<Option<bool>>;
        fn initial(&self) -> Self::State {
            vec![None; self.n]
        }
        fn propagate(&self, s: &mut Self::State, budget: &mut Budget) -> Result<(), Stop> {
            budget.tick()?;
            let set = s.iter().filter(|c| **c == Some(true)).count();
            let open = s.iter().filter(|c| c.is_none()).count();
            if set > self.ones || set + open < self.ones {
                return Err(Stop::Contradiction);
            }
            Ok(())
        }
        fn branch(&self, s: &Self::State) -> Option<Vec<Self::State>> {
            let i = s.iter().position(|c| c.is_none())?;
            Some([true, false].iter().map(|&v| {
                let mut c = s.clone();
                c[i] = Some(v);
                c
            }).collect())
        }
        fn solution(&self, s: &Self::State) -> Grid {
            vec![s.iter().map(|c| u8::from(*c == Some(true))).collect()]
        }
        fn known(&self, s: &Self::State) -> KnownGrid {
            vec![s.iter().map(|c| c.map(u8::from)).collect()]
        }
    }

    struct FixedClock;
    impl Clock for FixedClock {
        fn now_ms(&self) -> f64 {
            0.0
        }
    }

    fn run(p: &Ones, options: SolveOptions) -> Outcome {
        solve(p, &options, &FixedClock, &mut NoProgress)
    }

    #[test]
    fn statuses_follow_the_count() {
        let unique = run(&Ones { n: 3, ones: 3 }, SolveOptions::default());
        assert_eq!(unique.status, Status::Unique);
        assert_eq!(unique.solutions, vec![vec![vec![1, 1, 1]]]);
        assert_eq!(unique.partial, None, "partial knowledge comes with unknown only");
        let multiple = run(&Ones { n: 3, ones: 1 }, SolveOptions::default());
        assert_eq!(multiple.status, Status::Multiple);
        assert_eq!(multiple.solutions, vec![vec![vec![1, 0, 0]], vec![vec![0, 1, 0]]]);
        let none = run(&Ones { n: 3, ones: 4 }, SolveOptions::default());
        assert_eq!(none.status, Status::None);
        assert!(none.solutions.is_empty());
    }

    #[test]
    fn counts_all_solutions_up_to_the_limit() {
        let all = run(&Ones { n: 5, ones: 2 }, SolveOptions { max_solutions: 100, ..Default::default() });
        assert_eq!(all.solutions.len(), 10);
        assert_eq!(all.status, Status::Multiple);
        let one = run(&Ones { n: 5, ones: 2 }, SolveOptions { max_solutions: 1, ..Default::default() });
        assert_eq!((one.status, one.solutions.len()), (Status::Unknown, 1));
    }

    #[test]
    fn node_limit_gives_unknown() {
        let out = run(&Ones { n: 20, ones: 20 }, SolveOptions { node_limit: Some(5), ..Default::default() });
        assert_eq!(out.status, Status::Unknown);
        assert_eq!(out.stats.nodes, 5);
        // The toy's propagation decides nothing: the puzzle's knowledge is all open.
        assert_eq!(out.partial, Some(vec![vec![None; 20]]));
    }

    #[test]
    fn time_limit_gives_unknown() {
        struct Stepping(std::cell::Cell<f64>);
        impl Clock for Stepping {
            fn now_ms(&self) -> f64 {
                self.0.set(self.0.get() + 1.0);
                self.0.get()
            }
        }
        let p = Ones { n: 40, ones: 20 };
        let out = solve(&p, &SolveOptions { time_limit_ms: Some(3.0), max_solutions: usize::MAX, ..Default::default() }, &Stepping(0.0.into()), &mut NoProgress);
        // 40 choose 20 solutions exist; the deadline stops the count long before.
        assert_eq!(out.status, Status::Multiple);
        assert!(out.stats.nodes < 10_000, "stopped after {} nodes", out.stats.nodes);
        assert!(out.solutions.len() < 10_000);
    }

    #[test]
    fn invalid_options_are_named() {
        let e = SolveOptions { max_solutions: 0, ..Default::default() }.validate().unwrap_err();
        assert_eq!(e.to_string(), "options.maxSolutions: must be at least 1");
    }
}
