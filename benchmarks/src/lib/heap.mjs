// Heap readings for the memory measurements: run with `node --expose-gc`.
import { setImmediate as tick } from 'node:timers/promises';
import { int, kB, signedKB } from './format.mjs';

/** Used heap in bytes after pending callbacks have run and two full collections. */
export async function settledHeap() {
  if (typeof globalThis.gc !== 'function') throw new Error('run node with --expose-gc');
  for (let i = 0; i < 2; i += 1) {
    await tick();
    globalThis.gc();
  }
  return process.memoryUsage().heapUsed;
}

/**
 * Below this many bytes per operation the heap did not grow: the smallest
 * object V8 can retain per operation (a closure, a promise) is larger.
 */
export const GROWTH_THRESHOLD_BYTES = 16;

/** One table row: operation, count, heap at start and end, delta, per operation, verdict. */
export function heapRow(label, operations, start, end) {
  const delta = end - start;
  const perOperation = delta / operations;
  return [
    label,
    int(operations),
    kB(start),
    kB(end),
    signedKB(delta),
    `${perOperation >= 0 ? '+' : ''}${perOperation.toFixed(2)} B`,
    perOperation < GROWTH_THRESHOLD_BYTES ? 'no growth' : 'grows',
  ];
}

export const HEAP_HEAD = [
  'Operation',
  'Count',
  'Heap at start',
  'Heap at end',
  'Delta',
  'Per operation',
  'Verdict',
];
