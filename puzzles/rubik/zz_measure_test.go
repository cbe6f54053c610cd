package rubik

import (
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"idaviz/engine"
)

func TestZZMeasure(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	n, _ := strconv.Atoi(os.Getenv("ZZ"))
	h, err := LoadHeuristic(context.Background(), "korf", nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(51, uint64(n)))
	s := randomScramble(rng, n)
	c := FromMoves(s)
	t.Logf("%q", FormatMoves(s))
	start := time.Now()
	res, _ := engine.ParallelIDA(context.Background(), NewDomain(c, h), engine.Options{Timeout: 40 * time.Minute}, 2)
	var its []int64
	for _, it := range res.Iterations {
		its = append(its, it.Generated)
	}
	t.Logf("%q n=%d opt=%d sol=%q %v gen=%d %.2fMn/s %v its=%v", FormatMoves(s), n, len(res.Moves), FormatMoves(res.Moves), time.Since(start).Round(time.Millisecond), res.Totals.Generated, res.NodesPerSecond()/1e6, res.Status, its)
}
