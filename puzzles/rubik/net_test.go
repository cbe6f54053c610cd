package rubik

import (
	"math/rand/v2"
	"strings"
	"testing"

	"idaviz/puzzles/magiccube"
)

func mustNet(t *testing.T, s string) magiccube.Net {
	t.Helper()
	n, err := magiccube.ParseNet(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestFromNetJudgeSample(t *testing.T) {
	// The judge's second sample: the solved cube after the front face turned
	// counter-clockwise, in the judge's own colours.
	n := mustNet(t, "www/www/bbb/rrwgggybbooo/rrwgggybbooo/rrwgggybbooo/rrr/yyy/yyy")
	c, err := FromNet(n)
	if err != nil {
		t.Fatal(err)
	}
	if want := FromMoves([]int{8}); c != want {
		t.Fatalf("sample 2 reads as %+v, want F'", c)
	}
	c, err = FromNet(mustNet(t, magiccube.SolvedText))
	if err != nil || !c.IsSolved() {
		t.Fatalf("solved net: %+v %v", c, err)
	}
}

func TestNetRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for i := 0; i < 500; i++ {
		c := Random(rng)
		got, err := FromNet(c.Net())
		if err != nil {
			t.Fatal(err)
		}
		if got != c {
			t.Fatalf("round trip through the net changed the cube")
		}
	}
}

func TestFromNetRejects(t *testing.T) {
	solved := Solved()
	base := solved.Net()
	swap := func(n magiccube.Net, pairs ...[2]int) magiccube.Net {
		for _, p := range pairs {
			n[p[0]], n[p[1]] = n[p[1]], n[p[0]]
		}
		return n
	}
	ni := func(facelet int) int { return netIndex[facelet] }
	cf, ef := cornerFacelet[URF], edgeFacelet[UF]
	// Twist the URF corner: cycle its three stickers.
	twisted := base
	twisted[ni(cf[0])], twisted[ni(cf[1])], twisted[ni(cf[2])] = base[ni(cf[1])], base[ni(cf[2])], base[ni(cf[0])]
	// Swap two edges (UF and UR) whole: odd edge permutation.
	ur := edgeFacelet[UR]
	parity := swap(base, [2]int{ni(ef[0]), ni(ur[0])}, [2]int{ni(ef[1]), ni(ur[1])})
	for _, tc := range []struct {
		name string
		n    magiccube.Net
		want string
	}{
		{"twisted corner", twisted, "twisted"},
		{"flipped edge", swap(base, [2]int{ni(ef[0]), ni(ef[1])}), "flipped"},
		{"parity", parity, "parity"},
		{"mirrored corner", swap(base, [2]int{ni(cf[1]), ni(cornerFacelet[ULB][1])}), "no real piece"},
		{"no real edge", swap(base, [2]int{ni(ef[1]), ni(edgeFacelet[DB][0])}), "no real piece"},
	} {
		_, err := FromNet(tc.n)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error about %q", tc.name, err, tc.want)
		}
	}
}
