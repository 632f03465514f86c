/**
 * One job: the city name trie (docs/decisions/003-city-search-index.md): building it, and walking it within one
 * edit of a key. Every node keeps its TOP_K most populous distinct cities (by their index in the city list).
 */

export const TOP_K = 10;

/**
 * A trie node: its children's characters (one string, in insertion order) and the children in the same order.
 * ~100,000 nodes with a Map and two arrays each held ~60 MB of heap, most of an idle server's; in this form,
 * with empty lists shared and a chain's top list shared with its only child, the whole index holds ~25 MB
 * (decision 033).
 */
export interface TrieNode {
  chars: string;
  kids: TrieNode[];
  /** Cities whose key ends exactly here. */
  ends: number[];
  /** The TOP_K most populous distinct cities in this subtree. */
  top: number[];
}

/** The empty list every node without children or ends shares (frozen: a push into it would throw). */
const NONE = Object.freeze([]) as unknown as never[];
export const newNode = (): TrieNode => ({ chars: "", kids: NONE, ends: NONE, top: [] });
const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** After the build: a node whose subtree holds the same cities as its only child (a chain) shares the child's top list. */
export function shareTops(node: TrieNode): void {
  for (const kid of node.kids) shareTops(kid);
  if (node.kids.length === 1 && sameList(node.kids[0]!.top, node.top)) node.top = node.kids[0]!.top;
}

export const childOf = (node: TrieNode, ch: string): TrieNode | undefined => {
  const at = node.chars.indexOf(ch);
  return at < 0 ? undefined : node.kids[at];
};

/** Adds a city (its index in the most-populous-first list) under one of its keys. */
export function insertKey(root: TrieNode, key: string, idx: number) {
  let node = root;
  const touch = (n: TrieNode) => {
    if (n.top.length < TOP_K && !n.top.includes(idx)) n.top.push(idx);
  };
  touch(node);
  for (const ch of key) {
    let next = childOf(node, ch);
    if (!next) {
      next = newNode();
      node.chars += ch;
      if (node.kids === NONE) node.kids = [next];
      else node.kids.push(next);
    }
    node = next;
    touch(node);
  }
  if (node.ends === NONE) node.ends = [idx];
  else if (!node.ends.includes(idx)) node.ends.push(idx);
}

/**
 * Trie walk with a Levenshtein (optimal string alignment) row: `onHit` gets every node whose path is within one
 * edit of the key (with that distance); below an exact match the walk stops.
 */
export function walkWithinOneEdit(root: TrieNode, key: string, onHit: (node: TrieNode, dist: number) => void) {
  const n = key.length;
  // rows[d] is the row after d characters of the trie path; the path is never longer than n + 1 here.
  const rows = Array.from({ length: n + 3 }, () => new Int32Array(n + 1));
  for (let j = 0; j <= n; j++) rows[0]![j] = j;
  const codes = Array.from(key, (c) => c.charCodeAt(0));
  const path: number[] = [];
  const visit = (node: TrieNode, depth: number) => {
    const prev = rows[depth - 1]!;
    const row = rows[depth]!;
    const ch = path[depth - 1]!;
    const prevCh = depth > 1 ? path[depth - 2]! : -1;
    const prevPrev = depth > 1 ? rows[depth - 2]! : null;
    row[0] = depth;
    let min = depth;
    for (let j = 1; j <= n; j++) {
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (codes[j - 1] === ch ? 0 : 1));
      if (prevPrev && j > 1 && codes[j - 1] === prevCh && codes[j - 2] === ch) d = Math.min(d, prevPrev[j - 2]! + 1);
      row[j] = d;
      if (d < min) min = d;
    }
    const dist = row[n]!;
    if (dist <= 1) {
      onHit(node, dist);
      if (dist === 0) return;
    }
    if (min > 1 || depth >= n + 2) return;
    for (let k = 0; k < node.kids.length; k++) {
      path[depth] = node.chars.charCodeAt(k);
      visit(node.kids[k]!, depth + 1);
    }
  };
  for (let k = 0; k < root.kids.length; k++) {
    path[0] = root.chars.charCodeAt(k);
    visit(root.kids[k]!, 1);
  }
}
