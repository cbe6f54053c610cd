package tiles

import (
	"fmt"
	"strings"

	"idaviz/internal/quote"
)

// Order is the order in which a search tries the blank's moves. It changes
// no iteration but the last: every earlier one is searched whole, and the
// last stops at the first solution, so the order decides how much of it is
// searched and which optimal solution is found. The zero Order is U D L R.
type Order uint8

// numOrders is the number of orders: the permutations of the four moves.
const numOrders = 24

// orderMoves lists each Order's moves, U D L R first, then the other
// permutations in the order of their letters' positions in "UDLR".
var orderMoves = func() (out [numOrders][numMoves]uint8) {
	i := 0
	var perm func(prefix []uint8, rest []uint8)
	perm = func(prefix, rest []uint8) {
		if len(rest) == 0 {
			copy(out[i][:], prefix)
			i++
			return
		}
		for k, m := range rest {
			next := append(append([]uint8{}, rest[:k]...), rest[k+1:]...)
			perm(append(prefix, m), next)
		}
	}
	perm(nil, []uint8{MoveUp, MoveDown, MoveLeft, MoveRight})
	return out
}()

// KorfOrder is U L R D: the cells the blank can go to, the smallest first,
// the order of Korf's programs. Under it a search generates the published
// counts of Korf (1985) on the 15-puzzle and of Korf and Felner (2002) on
// the 24-puzzle, but for the start node, which this engine counts once an
// iteration, Korf (1985) once in all and Korf and Felner (2002) not at all.
var KorfOrder = mustOrder("ULRD")

func mustOrder(s string) Order {
	o, err := ParseOrder(s)
	if err != nil {
		panic(err)
	}
	return o
}

// ParseOrder reads an order written as the four letters U D L R, each once,
// in either case ("ulrd"); "" is the default, U D L R.
func ParseOrder(s string) (Order, error) {
	if s == "" {
		return 0, nil
	}
	if len(s) == numMoves {
		want := strings.ToUpper(s)
		for o := range Order(numOrders) {
			if o.String() == want {
				return o, nil
			}
		}
	}
	return 0, fmt.Errorf("move order %s: want the four moves U D L R, each once, in the order to try them (udlr, ulrd)", quote.Short(s))
}

// String is the order's four letters: "UDLR".
func (o Order) String() string {
	if o >= numOrders {
		return fmt.Sprintf("order(%d)", uint8(o))
	}
	var b strings.Builder
	for _, m := range orderMoves[o] {
		b.WriteString(moveNames[m])
	}
	return b.String()
}
