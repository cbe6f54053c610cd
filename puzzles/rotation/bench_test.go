package rotation

import (
	"context"
	"strings"
	"testing"
)

// hardest is the hardest board a local search over random boards found
// (12 moves; random boards need 9 on average and at most 11 in 3000 tries).
const hardest = "22/11/1331132/23/2312331/21/23"

func BenchmarkSolveHardest(b *testing.B) {
	board, err := ParseBoard(hardest)
	if err != nil {
		b.Fatal(err)
	}
	for _, h := range Heuristics {
		b.Run(h, func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve(context.Background(), board, h, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkJudgeSample(b *testing.B) {
	in := "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n"
	var out strings.Builder
	for b.Loop() {
		out.Reset()
		if err := Judge(strings.NewReader(in), &out); err != nil {
			b.Fatal(err)
		}
	}
}
