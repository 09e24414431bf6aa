//! Enumeration, the oracle of the tiny-puzzle tests: every grid of cell values `0..values`,
//! the ones a rules checker accepts. `values ^ (width × height)` grids, so only for a dozen
//! cells or so. No imports, so that both the integration tests and the library's unit tests
//! (by `#[path]`) can include it.

/// Every `height` × `width` grid of values `0..values` for which `accepts` holds, in order of
/// the grids read as numbers in base `values` (first cell lowest).
pub fn every_grid(
    width: usize,
    height: usize,
    values: u8,
    accepts: impl Fn(&Vec<Vec<u8>>) -> bool,
) -> Vec<Vec<Vec<u8>>> {
    let base = u64::from(values);
    (0..base.pow((width * height) as u32))
        .map(|code| {
            let mut rest = code;
            (0..height)
                .map(|_| {
                    (0..width)
                        .map(|_| {
                            let cell = (rest % base) as u8;
                            rest /= base;
                            cell
                        })
                        .collect()
                })
                .collect()
        })
        .filter(|grid| accepts(grid))
        .collect()
}
