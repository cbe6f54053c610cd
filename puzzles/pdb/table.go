// Package pdb holds pattern databases: tables of exact distances, 4 bits an
// entry, their files in the cache directory (checked by CRC-32C, rebuilt when
// missing or bad), the layer-by-layer breadth-first search that fills them on
// every core, and the progress of that build.
//
// A puzzle package knows how to rank its abstract states and which moves join
// them; this package knows everything else about a database, so the Rubik's
// cube, the 15-puzzle and any later puzzle share one store.
package pdb

import "sync/atomic"

// Unset marks an entry whose distance is not known yet; distances go up to
// Unset-1.
const Unset = 0xF

// Table is a pattern database: one 4-bit distance per abstract state, 8 to a
// word.
type Table struct {
	Name  string
	words []uint32
	size  int64
}

// New returns a table of size entries, all Unset.
func New(name string, size int64) *Table {
	w := make([]uint32, (size+7)/8)
	for i := range w {
		w[i] = ^uint32(0)
	}
	return &Table{Name: name, words: w, size: size}
}

// Len is the number of entries.
func (t *Table) Len() int64 { return t.size }

// Bytes is the memory the entries take.
func (t *Table) Bytes() int64 { return int64(len(t.words)) * 4 }

// Get is the distance of entry i.
func (t *Table) Get(i int64) int {
	return int(t.words[i>>3] >> (uint(i&7) * 4) & 0xF)
}

// Words exposes the packed entries to a puzzle's lookup, whose inner loop
// cannot afford a method call per node. Entry i is nibble i&7 of word i>>3.
func (t *Table) Words() []uint32 { return t.words }

// Set gives the Unset entry i the value v and reports whether it was Unset.
// Entries are only ever lowered from Unset to one value per layer, so an
// atomic AND is enough, and concurrent writers of one word cannot lose bits.
func (t *Table) Set(i int64, v uint32) bool {
	p := &t.words[i>>3]
	sh := uint(i&7) * 4
	if atomic.LoadUint32(p)>>sh&0xF != Unset {
		return false
	}
	old := atomic.AndUint32(p, ^((Unset ^ v) << sh))
	return old>>sh&0xF == Unset
}

// Load is Get for a table being filled by other goroutines.
func (t *Table) Load(i int64) uint32 {
	return atomic.LoadUint32(&t.words[i>>3]) >> (uint(i&7) * 4) & 0xF
}

// Word is the word holding entries i&^7 to i|7, read atomically, for a scan
// that skips whole words (see HasNibble).
func (t *Table) Word(i int64) uint32 { return atomic.LoadUint32(&t.words[i>>3]) }

// Next returns the first entry in [i, hi) whose value is v, or hi. A layer
// of a breadth-first build scans the table with it: a word that holds no v
// is passed over whole.
func (t *Table) Next(i, hi int64, v uint32) int64 {
	for ; i < hi; i++ {
		w := t.Word(i)
		if i&7 == 0 && !HasNibble(w, v) {
			i += 7
			continue
		}
		if w>>(uint(i&7)*4)&0xF == v {
			return i
		}
	}
	return hi
}

// HasNibble reports whether any of the 8 nibbles of w equals v.
func HasNibble(w, v uint32) bool {
	x := w ^ (v * 0x11111111)
	// A zero nibble in x is a nibble equal to v.
	return (x-0x11111111)&^x&0x88888888 != 0
}

// Distribution counts the entries by value; index Unset counts unset entries
// (none in a complete table). It is cut after the largest value present.
func (t *Table) Distribution() []int64 {
	var d [16]int64
	for _, w := range t.words {
		for k := 0; k < 8; k++ {
			d[w>>(4*k)&0xF]++
		}
	}
	// The padding of the last word reads as Unset.
	d[Unset] -= int64(len(t.words))*8 - t.size
	last := 0
	for v := range d {
		if d[v] != 0 {
			last = v
		}
	}
	return append([]int64(nil), d[:last+1]...)
}

// Max is the largest distance in the table.
func (t *Table) Max() int { return len(t.Distribution()) - 1 }

// Mean is the mean distance over the entries.
func (t *Table) Mean() float64 {
	var sum float64
	for v, n := range t.Distribution() {
		sum += float64(v) * float64(n)
	}
	return sum / float64(max(t.size, 1))
}
