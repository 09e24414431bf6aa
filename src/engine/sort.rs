//! A stable sort by a small key, for the few places that order things: a counting sort,
//! linear in the items and the largest key. The standard library's sorts instantiate 4-12 KB
//! of wasm per element type and comparison (its stable sort ~6 KB, an unstable sort by a tuple
//! key ~12 KB); this is ~1 KB per use.

/// Orders `items` by `key`, equal keys in their order. `key` should be small (the largest
/// key sizes a table of counts).
pub fn sort_by_small_key<T: Default>(items: &mut Vec<T>, key: impl Fn(&T) -> usize) {
    let largest = items.iter().map(&key).max().unwrap_or(0);
    // `next[k]`: where the next item of key `k` goes (after the counting pass, the number of
    // items with a key below `k`).
    let mut next = vec![0; largest + 2];
    for item in items.iter() {
        next[key(item) + 1] += 1;
    }
    for k in 1..next.len() {
        next[k] += next[k - 1];
    }
    let mut sorted: Vec<T> = (0..items.len()).map(|_| T::default()).collect();
    for item in items.drain(..) {
        let at = &mut next[key(&item)];
        sorted[*at] = item;
        *at += 1;
    }
    *items = sorted;
}

#[cfg(test)]
mod tests {
    use super::sort_by_small_key;

    #[test]
    fn orders_by_key_and_keeps_ties_in_order() {
        let mut items = vec![(3, 'a'), (1, 'b'), (3, 'c'), (0, 'd'), (1, 'e')];
        sort_by_small_key(&mut items, |&(k, _)| k);
        assert_eq!(items, vec![(0, 'd'), (1, 'b'), (1, 'e'), (3, 'a'), (3, 'c')]);
        let mut empty: Vec<usize> = Vec::new();
        sort_by_small_key(&mut empty, |&k| k);
        assert!(empty.is_empty());
    }

    #[test]
    fn two_passes_order_by_a_pair() {
        let mut items: Vec<usize> = (0..40).map(|i| i * 7 % 40).collect();
        let pair = |i: usize| (i % 3, i % 5);
        let mut expected = items.clone();
        expected.sort_by_key(|&i| pair(i));
        sort_by_small_key(&mut items, |&i| pair(i).1);
        sort_by_small_key(&mut items, |&i| pair(i).0);
        assert_eq!(items, expected);
    }
}
