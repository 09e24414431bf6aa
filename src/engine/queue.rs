//! The work queue of propagation: items (a genre's lines, digits, …, numbered from 0) waiting
//! to be revised, each at most once, taken first in first out, so that the items one revision
//! makes dirty are all revised before those their own deductions make dirty. A flag per item
//! says whether it is queued: pushing a queued item costs one test.

use std::collections::VecDeque;

/// Items waiting for revision, each at most once, first in first out. `Flags` holds the
/// queued flag of every item: a vector sized by the puzzle, or an array when the genre bounds
/// the items (no allocation per propagation).
pub(crate) struct WorkQueue<Flags = Vec<bool>> {
    queue: VecDeque<u32>,
    queued: Flags,
}

impl WorkQueue {
    /// An empty queue for items `0..items`.
    pub(crate) fn new(items: usize) -> Self {
        WorkQueue { queue: VecDeque::with_capacity(items), queued: vec![false; items] }
    }
}

impl<const N: usize> WorkQueue<[bool; N]> {
    /// An empty queue for items below `N`, with room for `capacity` of them before growing.
    pub(crate) fn bounded(capacity: usize) -> Self {
        WorkQueue { queue: VecDeque::with_capacity(capacity), queued: [false; N] }
    }
}

impl<Flags: AsRef<[bool]> + AsMut<[bool]>> WorkQueue<Flags> {
    /// Queue `item` unless it is queued already.
    pub(crate) fn push(&mut self, item: usize) {
        let queued = &mut self.queued.as_mut()[item];
        if !*queued {
            *queued = true;
            self.queue.push_back(item as u32);
        }
    }

    /// The item queued longest ago, taken off the queue.
    pub(crate) fn pop(&mut self) -> Option<usize> {
        let item = self.queue.pop_front()? as usize;
        self.queued.as_mut()[item] = false;
        Some(item)
    }

    /// Empty the queue.
    pub(crate) fn clear(&mut self) {
        let queued = self.queued.as_mut();
        for item in self.queue.drain(..) {
            queued[item as usize] = false;
        }
    }

    /// Whether no item is queued.
    pub(crate) fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_are_queued_once_first_in_first_out() {
        let mut queue = WorkQueue::new(4);
        for item in [2, 0, 2, 3] {
            queue.push(item);
        }
        assert_eq!(queue.pop(), Some(2));
        queue.push(2);
        assert_eq!([queue.pop(), queue.pop(), queue.pop(), queue.pop()], [Some(0), Some(3), Some(2), None]);
        queue.push(1);
        queue.clear();
        assert!(queue.is_empty());
        queue.push(1);
        assert_eq!(queue.pop(), Some(1), "a cleared item can be queued again");
        let mut bounded = WorkQueue::<[bool; 3]>::bounded(3);
        bounded.push(1);
        bounded.push(1);
        assert_eq!((bounded.pop(), bounded.pop()), (Some(1), None));
    }
}
