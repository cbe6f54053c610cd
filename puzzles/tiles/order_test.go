package tiles

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"idaviz/engine"
	"idaviz/engine/enginetest"
	"idaviz/internal/race"
)

func TestParseOrder(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		bad      bool
	}{
		{in: "", want: "UDLR"},
		{in: "udlr", want: "UDLR"},
		{in: "ULRD", want: "ULRD"},
		{in: "rDuL", want: "RDUL"},
		{in: "ULR", bad: true},
		{in: "ULRDU", bad: true},
		{in: "UULR", bad: true},
		{in: "ULRX", bad: true},
		{in: "up", bad: true},
	} {
		o, err := ParseOrder(tc.in)
		if tc.bad {
			if err == nil {
				t.Errorf("ParseOrder(%q) = %s, want an error", tc.in, o)
			}
			continue
		}
		if err != nil || o.String() != tc.want {
			t.Errorf("ParseOrder(%q) = %s, %v; want %s", tc.in, o, err, tc.want)
		}
	}
	seen := map[string]bool{}
	for o := range Order(numOrders) {
		s := o.String()
		if back, err := ParseOrder(s); err != nil || back != o || seen[s] {
			t.Errorf("order %d (%s): parsed back as %d, %v (seen before: %v)", o, s, back, err, seen[s])
		}
		seen[s] = true
	}
	if KorfOrder.String() != "ULRD" || Order(0).String() != "UDLR" {
		t.Errorf("KorfOrder %s, the zero Order %s", KorfOrder, Order(0))
	}
}

// An order is the order of every node's children, and it changes only the
// last iteration: the iterations before it count the same under every
// order, the solution is as long, and it replays to the goal. The fast
// path follows the order as the engine's own loop does.
func TestOrderChangesOnlyTheLastIteration(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 1))
	var boards []Board
	for _, size := range []int{3, 4, 5} {
		for i := range 4 {
			b, _ := Scramble(rng, size, 14+6*i, Goal(i%2))
			boards = append(boards, b)
		}
	}
	if !race.Enabled { // millions of nodes: a minute under the race detector
		ks, _ := Korf()
		boards = append(boards, ks[15].Board)
	}
	orders := []Order{0, KorfOrder, mustOrder("RDUL")}
	for _, b := range boards {
		for _, h := range []Heuristic{Manhattan, LinearConflict} {
			var first engine.Result
			for i, o := range orders {
				ob := b.WithOrder(o)
				if ob.Order() != o {
					t.Fatalf("%s.WithOrder(%s).Order() = %s", b, o, ob.Order())
				}
				checkChildOrder(t, NewDomain(ob, h), o)
				res, err := engine.IDA(context.Background(), NewDomain(ob, h), engine.Options{})
				if err != nil || !res.Solved() {
					t.Fatalf("%s %s %s: %v, %s", b, h, o, err, res.Status)
				}
				loop, err := engine.IDA(context.Background(), enginetest.LoopOnly(NewDomain(ob, h)), engine.Options{})
				if err != nil || !slices.Equal(loop.Moves, res.Moves) || loop.Totals != res.Totals {
					t.Fatalf("%s %s %s: the engine's loop found %v (%+v), the fast path %v (%+v)", b, h, o, loop.Moves, loop.Totals, res.Moves, res.Totals)
				}
				replay(t, b, res.Moves)
				if i == 0 {
					first = res
					continue
				}
				if len(res.Moves) != len(first.Moves) || len(res.Iterations) != len(first.Iterations) {
					t.Fatalf("%s %s %s: %d moves in %d iterations, U D L R %d in %d", b, h, o, len(res.Moves), len(res.Iterations), len(first.Moves), len(first.Iterations))
				}
				last := len(res.Iterations) - 1
				for k := range last {
					if res.Iterations[k].Counts != first.Iterations[k].Counts {
						t.Fatalf("%s %s %s: iteration %d counts %+v, under U D L R %+v", b, h, o, k+1, res.Iterations[k].Counts, first.Iterations[k].Counts)
					}
				}
			}
		}
	}
}

// checkChildOrder checks that d's first node's children come in order o:
// the order's moves that stay on the board.
func checkChildOrder(t *testing.T, d *Domain, o Order) {
	t.Helper()
	var out [4]engine.Child
	n := d.Expand(engine.NoMove, out[:])
	var want []int
	for _, m := range orderMoves[o] {
		if _, err := d.Board().Move(int(m)); err == nil {
			want = append(want, int(m))
		}
	}
	var got []int
	for _, c := range out[:n] {
		got = append(got, int(c.Move))
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s under %s: children %v, want %v", d.Board(), o, got, want)
	}
}

// Under Korf's order the engine generates Korf's published count for his
// instance 2 with the Manhattan distance (Korf 1985: 15,300,442),
// plus the start node of each iteration after the first, which his program
// does not count again.
func TestKorfOrderPublishedCount(t *testing.T) {
	ks, err := Korf()
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.IDA(context.Background(), NewDomain(ks[1].Board.WithOrder(KorfOrder), Manhattan), engine.Options{})
	if err != nil || len(res.Moves) != ks[1].Optimal {
		t.Fatalf("Korf #2: %v, %d moves, want %d", err, len(res.Moves), ks[1].Optimal)
	}
	const published = 15_300_442
	if want := published + int64(len(res.Iterations)-1); res.Totals.Generated != want {
		t.Errorf("Korf #2 in order %s: %d generated in %d iterations, want %d (the published %d)", KorfOrder, res.Totals.Generated, len(res.Iterations), want, published)
	}
}

// FuzzParseOrder: whatever the text, ParseOrder answers without panicking,
// and an order it accepts is the text's four letters, upper-cased.
func FuzzParseOrder(f *testing.F) {
	for _, s := range []string{"", "udlr", "ULRD", "UUDL", "ulr", "ülrd", "\x00\x00\x00\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOrder(s)
		if err != nil || s == "" {
			return
		}
		if o >= numOrders || o.String() != strings.ToUpper(s) {
			t.Fatalf("ParseOrder(%q) = %d (%s)", s, o, o)
		}
	})
}
