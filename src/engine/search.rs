//! The search every genre shares: propagate to a fixpoint, branch, recurse, count solutions.
//!
//! A genre describes itself through [`Problem`]: how to narrow a state by logic
//! ([`Problem::propagate`]), how to split a state that logic cannot finish into alternatives
//! ([`Problem::branch`]), and how to read a finished state as a grid ([`Problem::solution`]).
//! [`solve`] owns everything else once, for all genres: the depth-first order, solution
//! counting up to a limit, the node and time budget, cancellation by deadline, progress
//! reports and statistics. [`Search`] runs in turns, so that the portfolio
//! (`engine::portfolio`) can alternate it with a genre's own learning search (nonograms that
//! must branch: clause learning, `engine/cdcl/` over nonogram line theories). One genre keeps a driver of its own:
//! Kakuro searches its independent components for one solution inside [`Problem::propagate`]
//! (`kakuro/search.rs`; depth-first search over the whole grid cannot treat components as
//! independent puzzles), and branches around that solution with children built lazily
//! ([`Problem::Child`]). Str8ts uses this search as it is. Probing stays in the genres that
//! probe, as two loops with nothing to share but their shape: nonograms suppose each cell
//! both ways, keep what both suppositions agree on, rate cells for branching and skip probes
//! whose footprint is unchanged (`nonogram/search/probe.rs`); Kakuro removes each digit whose
//! placement fails, outside the components it has searched (`kakuro/search.rs`).
//!
//! The search keeps its own stack of states (no recursion, so deep searches cannot overflow
//! the wasm stack). A state popped from the stack is one *node*: it is propagated; a
//! contradiction abandons it; a complete state is a solution; otherwise its alternatives are
//! pushed, the first one to be explored next. Because the alternatives of every branch
//! together cover all solutions of the state, an exhausted stack proves the count exact:
//! that is what makes `unique` and `none` honest.
//!
//! Depth-first order alone can be slow to *find* solutions: one early guess that leads
//! nowhere holds it in a large subtree without any. So once the puzzle has branched, the
//! exhaustive search takes turns with *dives* (see [`solve`]): short depth-first searches from
//! the puzzle's first alternatives in random order that keep only the solutions they meet.
//! Dives never decide `unique` or `none`; they only make `multiple` come sooner, at the cost
//! of more nodes on a puzzle with one solution that needs search (bench/RESULTS.md has the
//! figures).

use super::error::{Error, Place};
use std::any::Any;

/// A solved grid: rows of numbers (nonogram 1 = filled, 0 = empty, a colour nonogram the
/// colour index, 0 the background; the other genres the digit of every white cell, 0 on black
/// cells).
#[cfg_attr(target_arch = "wasm32", tsify::declare)]
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
    type State: Clone + 'static;

    /// An alternative made by [`Problem::branch`], built into a state by [`Problem::build`]
    /// only when the search reaches it: a genre whose alternatives share most of their
    /// state (Kakuro) keeps them small until then. Every other genre makes its states
    /// themselves (`type Child = Self::State`, and `build` returns the child).
    type Child: Clone + From<Self::State> + 'static;

    /// Working memory that propagation keeps from node to node of one solve (queues,
    /// scratch buffers, memos of earlier deductions); never copied with a state.
    type Workspace: 'static;

    /// Fresh working memory for one solve.
    fn workspace(&self) -> Self::Workspace;

    /// The state before any deduction (givens applied).
    fn initial(&self) -> Self::State;

    /// The state an alternative of [`Problem::branch`] stands for (called once per child,
    /// when the search takes it from its stack, before propagating it).
    fn build(&self, child: Self::Child) -> Self::State;

    /// Deduce by logic until nothing more follows. Long deductions call
    /// [`Budget::tick`] now and then so that a time limit is honoured inside them.
    fn propagate(
        &self,
        state: &mut Self::State,
        workspace: &mut Self::Workspace,
        budget: &mut Budget,
    ) -> Result<(), Stop>;

    /// Split a propagated state: `None` when every cell is decided (the state is a
    /// solution), otherwise alternatives that together hold every solution of `state`,
    /// the most promising first.
    fn branch(&self, state: &Self::State) -> Option<Vec<Self::Child>>;

    /// The grid of a state for which [`Problem::branch`] returned `None`.
    fn solution(&self, state: &Self::State) -> Grid;

    /// The decided cells of any state (black cells count as decided, 0).
    fn known(&self, state: &Self::State) -> KnownGrid;
}

/// What the caller allows a solve. (Deserialized in the JS API's shape by `crate::shapes`.)
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(any(feature = "serde", target_arch = "wasm32"), derive(serde::Serialize), serde(rename_all = "camelCase"))]
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
                return Err(Error::new(
                    Place::Field("options.timeLimitMs".into()),
                    "must be a number of milliseconds ≥ 0",
                ));
            }
        }
        Ok(())
    }
}

/// The verdict of a solve: "unique" exactly one solution; "multiple" two or more (two
/// returned as proof); "none" proven unsolvable; "unknown" the budget ran out (or
/// `maxSolutions` was 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    any(feature = "serde", target_arch = "wasm32"),
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(rename = "SolveStatus"))]
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
#[cfg_attr(
    any(feature = "serde", target_arch = "wasm32"),
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(rename = "SolveStats"))]
pub struct Stats {
    /// Search nodes: states taken from the search stack and propagated (the first one is the
    /// puzzle itself; 1 when logic alone solved it), and the nodes of a genre's own searches
    /// inside propagation (`Budget::count_node`).
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

impl Stats {
    /// Add the statistics of one turn of a search run in turns.
    pub(crate) fn add_turn(&mut self, turn: &Stats) {
        self.nodes += turn.nodes;
        self.contradictions += turn.contradictions;
        self.max_depth = self.max_depth.max(turn.max_depth);
        self.work += turn.work;
    }
}

/// The result of [`solve`] (the answer of the JS API's solve functions).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(any(feature = "serde", target_arch = "wasm32"), derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(rename = "SolveResult", missing_as_null))]
pub struct Outcome {
    /// The verdict.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "SolveStatus"))]
    pub status: Status,
    /// The solutions found, at most `max_solutions`, in search order.
    pub solutions: Vec<Grid>,
    /// What the search did.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "SolveStats"))]
    pub stats: Stats,
    /// With [`Status::Unknown`]: the cells logic decided for every solution (the puzzle
    /// itself propagated, before any guess), when that propagation finished in time.
    #[cfg_attr(
        any(feature = "serde", target_arch = "wasm32"),
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    // (`KnownGrid` spelt out: a declared alias would not know that the binding writes `None` as null.)
    #[cfg_attr(target_arch = "wasm32", tsify(type = "(number | null)[][]"))]
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

/// How often (in ticks) the clock is read: reading it costs a call across to JS in wasm
/// (about a microsecond; a tick can be a tenth of that). Every 256 ticks, 3..9-Dom read it
/// about 5,000 times in 130 ms and the clock took 2 % of a wasm profile; every 1,024, the
/// 15 slowest TAAI 2011 puzzles took 11.59 s against 11.88 s through wasm (two alternating
/// pairs). A tick is one line solve or one run or line revised, so a time limit is still kept
/// to milliseconds.
const TICKS_PER_CLOCK_READ: u32 = 1024;
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
    pub(crate) stats: Stats,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(options: &SolveOptions, clock: &'a dyn Clock, progress: &'a mut dyn Progress) -> Self {
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

    pub(crate) fn read_clock(&mut self) {
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

    pub(crate) fn enter_node(&mut self, depth: u32) -> Result<(), Stop> {
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

/// How a run of [`Explorer::explore`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pause {
    /// The stack is empty: everything under it has been searched.
    Emptied,
    /// The run used its node quota; the stack holds the rest.
    Quota,
    /// `max_solutions` solutions are known.
    Enough,
    /// The node or time budget ran out.
    OutOfBudget,
}

/// Nodes per unit of the restart schedule: the exhaustive search and the dives take turns,
/// each turn `DIVE_UNIT × luby(i)` nodes.
const DIVE_UNIT: u64 = 32;

/// The `i`-th term (from 1) of Luby's restart sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...
pub(crate) fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // The smallest k with i ≤ 2^k − 1.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// A small deterministic random source (xorshift64*), so that dives differ from one another
/// but every solve of a puzzle does the same work.
struct Shuffler(u64);

impl Shuffler {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}

/// A state of the search, of whatever type its genre's [`Problem::State`] is.
type AnyState = Box<dyn Any>;

/// An alternative on the search's stack, of whatever type its genre's [`Problem::Child`] is.
type AnyChild = Box<dyn Any>;

/// A [`Problem`] as the search calls it, its states and working memory behind `dyn Any`
/// (each method is the `Problem` method of the same stem): the search is compiled once for
/// all genres, not once per genre (1.1 KB less wasm, 1.3 KB gzipped, with these methods per
/// genre), at the cost of calls through a vtable and a box per state, per node.
trait Genre {
    fn boxed_workspace(&self) -> Box<dyn Any>;
    fn boxed_initial(&self) -> AnyChild;
    fn clone_boxed(&self, child: &AnyChild) -> AnyChild;
    fn build_boxed(&self, child: AnyChild) -> AnyState;
    fn propagate_boxed(&self, state: &mut AnyState, workspace: &mut dyn Any, budget: &mut Budget) -> Result<(), Stop>;
    fn branch_boxed(&self, state: &AnyState) -> Option<Vec<AnyChild>>;
    fn solution_of(&self, state: &AnyState) -> Grid;
    fn known_of(&self, state: &AnyState) -> KnownGrid;
}

/// `state` as the genre's own (the search only holds states its genre made). (Not inlined:
/// one copy per type instead of one per call.)
#[inline(never)]
fn own<T: 'static>(state: &dyn Any) -> &T {
    state.downcast_ref().expect("a state of the genre searched")
}

#[inline(never)]
fn own_mut<T: 'static>(state: &mut dyn Any) -> &mut T {
    state.downcast_mut().expect("a state of the genre searched")
}

impl<P: Problem> Genre for P {
    fn boxed_workspace(&self) -> Box<dyn Any> {
        Box::new(self.workspace())
    }

    fn boxed_initial(&self) -> AnyChild {
        Box::new(P::Child::from(self.initial()))
    }

    fn clone_boxed(&self, child: &AnyChild) -> AnyChild {
        Box::new(own::<P::Child>(child.as_ref()).clone())
    }

    fn build_boxed(&self, child: AnyChild) -> AnyState {
        let child = child.downcast::<P::Child>().expect("a child of the genre searched");
        Box::new(self.build(*child))
    }

    fn propagate_boxed(&self, state: &mut AnyState, workspace: &mut dyn Any, budget: &mut Budget) -> Result<(), Stop> {
        self.propagate(own_mut(state.as_mut()), own_mut(workspace), budget)
    }

    fn branch_boxed(&self, state: &AnyState) -> Option<Vec<AnyChild>> {
        let children = self.branch(own(state.as_ref()))?;
        Some(children.into_iter().map(|child| Box::new(child) as AnyChild).collect())
    }

    fn solution_of(&self, state: &AnyState) -> Grid {
        self.solution(own(state.as_ref()))
    }

    fn known_of(&self, state: &AnyState) -> KnownGrid {
        self.known(own(state.as_ref()))
    }
}

/// What one solve keeps while it searches.
struct Explorer<'p> {
    problem: &'p dyn Genre,
    workspace: Box<dyn Any>,
    max_solutions: usize,
    solutions: Vec<Grid>,
    /// The propagated puzzle's alternatives, where dives start (set once the root branched).
    root_children: Option<Vec<AnyChild>>,
    /// What the propagated puzzle decided, for an `unknown` answer.
    root_known: Option<KnownGrid>,
}

impl Explorer<'_> {
    /// Search depth-first from the top of `stack` for at most `quota` nodes. With a
    /// `shuffler`, the alternatives of every node are tried in random order (a dive).
    fn explore(
        &mut self,
        stack: &mut Vec<(AnyChild, u32)>,
        quota: u64,
        mut shuffler: Option<&mut Shuffler>,
        budget: &mut Budget,
    ) -> Pause {
        for _ in 0..quota {
            let Some((child, depth)) = stack.pop() else {
                return Pause::Emptied;
            };
            if budget.enter_node(depth).is_err() {
                // Not searched: it stays for a later run.
                stack.push((child, depth));
                return Pause::OutOfBudget;
            }
            // A propagation cut off halfway leaves a state whose pending deductions are
            // lost; a later run starts that node again from its copy.
            let unpropagated = self.problem.clone_boxed(&child);
            let mut state = self.problem.build_boxed(child);
            match self.problem.propagate_boxed(&mut state, self.workspace.as_mut(), budget) {
                Ok(()) => {}
                Err(Stop::OutOfBudget) => {
                    stack.push((unpropagated, depth));
                    return Pause::OutOfBudget;
                }
                Err(Stop::Contradiction) => {
                    budget.stats.contradictions += 1;
                    continue;
                }
            }
            match self.problem.branch_boxed(&state) {
                None => {
                    // A dive may find a solution the exhaustive search finds again later.
                    let grid = self.problem.solution_of(&state);
                    if !self.solutions.contains(&grid) {
                        self.solutions.push(grid);
                        if self.solutions.len() >= self.max_solutions {
                            return Pause::Enough;
                        }
                    }
                }
                Some(mut children) => {
                    if depth == 0 {
                        // Only a puzzle that logic alone cannot finish can end `unknown` with
                        // something to report: what its propagation decided for every solution.
                        self.root_known = Some(self.problem.known_of(&state));
                        self.root_children =
                            Some(children.iter().map(|child| self.problem.clone_boxed(child)).collect());
                    }
                    if let Some(shuffler) = shuffler.as_deref_mut() {
                        shuffler.shuffle(&mut children);
                    }
                    stack.extend(children.into_iter().rev().map(|child| (child, depth + 1)));
                }
            }
        }
        if stack.is_empty() {
            Pause::Emptied
        } else {
            Pause::Quota
        }
    }
}

/// A search that can run in turns: the exhaustive search's stack, the solutions, and the
/// dives' schedule and random source last from one [`Search::run`] to the next, and a node
/// cut off by the end of a run is searched again by the next. [`solve`] is one run.
pub struct Search<'p> {
    explorer: Explorer<'p>,
    exhaustive: Vec<(AnyChild, u32)>,
    shuffler: Shuffler,
    turn: u64,
    pause: Pause,
}

impl<'p> Search<'p> {
    /// A search of `problem` for up to `max_solutions` solutions (at least 1).
    pub fn new<P: Problem>(problem: &'p P, max_solutions: usize) -> Self {
        Self::of_genre(problem, max_solutions)
    }

    /// [`Search::new`] compiled once for all genres.
    fn of_genre(problem: &'p dyn Genre, max_solutions: usize) -> Self {
        Search {
            explorer: Explorer {
                problem,
                workspace: problem.boxed_workspace(),
                max_solutions: max_solutions.max(1),
                solutions: Vec::new(),
                root_children: None,
                root_known: None,
            },
            exhaustive: vec![(problem.boxed_initial(), 0u32)],
            shuffler: Shuffler(0x9E37_79B9_7F4A_7C15),
            turn: 1,
            pause: Pause::Quota,
        }
    }

    /// Search on within `budget`: the exhaustive search and the dives take turns until the
    /// search is exhausted, `max_solutions` solutions are known or the budget runs out.
    /// Returns the status so far ([`Status::Unknown`] while neither of the first two).
    pub fn run(&mut self, budget: &mut Budget) -> Status {
        if matches!(self.pause, Pause::Quota | Pause::OutOfBudget) {
            self.pause = loop {
                let quota = DIVE_UNIT * luby(self.turn);
                self.turn += 1;
                let explorer = &mut self.explorer;
                let pause = explorer.explore(&mut self.exhaustive, quota, None, budget);
                if pause != Pause::Quota {
                    break pause;
                }
                let Some(children) = &explorer.root_children else {
                    continue;
                };
                let mut dive: Vec<_> = children.iter().map(|child| (explorer.problem.clone_boxed(child), 1)).collect();
                self.shuffler.shuffle(&mut dive);
                let pause = explorer.explore(&mut dive, quota, Some(&mut self.shuffler), budget);
                if pause == Pause::Emptied {
                    // A dive that runs out of nodes to visit has searched everything.
                    self.exhaustive.clear();
                }
                if pause != Pause::Quota {
                    break pause;
                }
            };
        }
        match (self.explorer.solutions.len(), self.pause) {
            (n, _) if n >= 2 => Status::Multiple,
            (1, Pause::Emptied) => Status::Unique,
            (0, Pause::Emptied) => Status::None,
            _ => Status::Unknown,
        }
    }

    /// The solutions found so far, in the order found.
    pub fn solutions(&self) -> &[Grid] {
        &self.explorer.solutions
    }

    /// What the puzzle's own propagation decided, once the puzzle has branched.
    pub fn root_known(&self) -> Option<&KnownGrid> {
        self.explorer.root_known.as_ref()
    }
}

/// Search `problem` for up to `options.max_solutions` solutions within the budget.
///
/// The exhaustive depth-first search alone decides `unique` and `none`. A puzzle with many
/// solutions can still hide them from it for a long time: one early guess that leads
/// nowhere holds it in a large subtree without solutions. So, once the puzzle has branched,
/// the exhaustive search takes turns with *dives*: fresh depth-first searches from the
/// puzzle's first alternatives that try every node's alternatives in random order, each cut
/// off after its turn (turns follow Luby's restart sequence, 32 nodes a unit).
/// A dive keeps the solutions it meets (every one is real) and nothing else; a dive that
/// runs out of nodes to visit has searched the whole puzzle, like the exhaustive search.
pub fn solve<P: Problem>(
    problem: &P,
    options: &SolveOptions,
    clock: &dyn Clock,
    progress: &mut dyn Progress,
) -> Outcome {
    solve_genre(problem, options, clock, progress)
}

/// [`solve`] compiled once for all genres.
fn solve_genre(problem: &dyn Genre, options: &SolveOptions, clock: &dyn Clock, progress: &mut dyn Progress) -> Outcome {
    let mut budget = Budget::new(options, clock, progress);
    let mut search = Search::of_genre(problem, options.max_solutions);
    let status = search.run(&mut budget);
    budget.read_clock();
    let partial = if status == Status::Unknown { search.explorer.root_known } else { None };
    Outcome { status, solutions: search.explorer.solutions, stats: budget.stats, partial }
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
        type Child = Self::State;
        type Workspace = ();
        fn workspace(&self) {}
        fn initial(&self) -> Self::State {
            vec![None; self.n]
        }
        fn build(&self, child: Self::State) -> Self::State {
            child
        }
        fn propagate(&self, s: &mut Self::State, _: &mut (), budget: &mut Budget) -> Result<(), Stop> {
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
            Some(
                [true, false]
                    .iter()
                    .map(|&v| {
                        let mut c = s.clone();
                        c[i] = Some(v);
                        c
                    })
                    .collect(),
            )
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
        run_problem(p, options)
    }

    fn run_problem<P: Problem>(p: &P, options: SolveOptions) -> Outcome {
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
        let out = solve(
            &p,
            &SolveOptions { time_limit_ms: Some(3.0), max_solutions: usize::MAX, ..Default::default() },
            &Stepping(0.0.into()),
            &mut NoProgress,
        );
        // 40 choose 20 solutions exist; the deadline stops the count long before.
        assert_eq!(out.status, Status::Multiple);
        assert!(out.stats.nodes < 10_000, "stopped after {} nodes", out.stats.nodes);
        assert!(out.solutions.len() < 10_000);
    }

    #[test]
    fn luby_sequence() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    /// Toy genre with a trap: `n` binary cells, solutions are exactly the rows whose first
    /// cell is 0, but propagation only notices a bad first cell once the row is complete,
    /// and the first alternative tried is always 1.
    struct Trap {
        n: usize,
    }

    impl Problem for Trap {
        type State = Vec<Option<bool>>;
        type Child = Self::State;
        type Workspace = ();
        fn workspace(&self) {}
        fn initial(&self) -> Self::State {
            vec![None; self.n]
        }
        fn build(&self, child: Self::State) -> Self::State {
            child
        }
        fn propagate(&self, s: &mut Self::State, _: &mut (), budget: &mut Budget) -> Result<(), Stop> {
            budget.tick()?;
            if s.iter().all(Option::is_some) && s[0] == Some(true) {
                return Err(Stop::Contradiction);
            }
            Ok(())
        }
        fn branch(&self, s: &Self::State) -> Option<Vec<Self::State>> {
            Ones { n: self.n, ones: 0 }.branch(s)
        }
        fn solution(&self, s: &Self::State) -> Grid {
            Ones { n: self.n, ones: 0 }.solution(s)
        }
        fn known(&self, s: &Self::State) -> KnownGrid {
            Ones { n: self.n, ones: 0 }.known(s)
        }
    }

    #[test]
    fn dives_find_solutions_the_exhaustive_order_reaches_last() {
        // Depth-first alone would visit the 2^21 − 1 nodes under "first cell 1" first.
        let out = run_problem(&Trap { n: 22 }, SolveOptions::default());
        assert_eq!(out.status, Status::Multiple);
        assert!(out.stats.nodes < 10_000, "took {} nodes", out.stats.nodes);
        for grid in &out.solutions {
            assert_eq!(grid[0][0], 0);
        }
        assert_ne!(out.solutions[0], out.solutions[1]);
    }

    #[test]
    fn a_dive_that_finds_no_more_leaves_the_count_exact() {
        // Twelve cells, eleven ones: twelve solutions, met by the dives and the exhaustive
        // search alike; each is counted once, and the count is exact only once the whole
        // tree has been searched.
        let out = run_problem(&Ones { n: 12, ones: 11 }, SolveOptions { max_solutions: 13, ..Default::default() });
        assert_eq!((out.status, out.solutions.len()), (Status::Multiple, 12));
        let mut found = out.solutions.clone();
        found.sort();
        found.dedup();
        assert_eq!(found.len(), 12, "no solution is counted twice");
        let unique = run_problem(&Ones { n: 12, ones: 12 }, SolveOptions::default());
        assert_eq!((unique.status, unique.solutions.len()), (Status::Unique, 1));
    }

    #[test]
    fn a_search_run_in_short_turns_counts_like_one_run() {
        // Turns of 3 nodes cut nodes off before and during propagation; every one must be
        // searched again by a later turn, or solutions would be lost and counts wrong.
        for (ones, max_solutions, status, count) in [(11, 13, Status::Multiple, 12), (12, 2, Status::Unique, 1)] {
            let problem = Ones { n: 12, ones };
            let mut search = Search::new(&problem, max_solutions);
            let mut turns = 0;
            let found = loop {
                turns += 1;
                let options = SolveOptions { node_limit: Some(3), ..Default::default() };
                let mut progress = NoProgress;
                let mut budget = Budget::new(&options, &FixedClock, &mut progress);
                let found = search.run(&mut budget);
                if found != Status::Unknown && (found != Status::Multiple || search.solutions().len() == count) {
                    break found;
                }
                assert!(turns < 100_000, "never finished");
            };
            assert_eq!((found, search.solutions().len()), (status, count), "{ones} ones");
            assert!(turns > 1, "the search ran in several turns");
            let mut distinct = search.solutions().to_vec();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), count);
        }
    }

    #[test]
    fn invalid_options_are_named() {
        let e = SolveOptions { max_solutions: 0, ..Default::default() }.validate().unwrap_err();
        assert_eq!(e.to_string(), "options.maxSolutions: must be at least 1");
    }
}
