package puzzles

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"idaviz/engine"
	"idaviz/internal/quote"
	"idaviz/puzzles/magiccube"
	"idaviz/puzzles/pdb"
	"idaviz/puzzles/rubik"
)

// The Rubik's cube, solved optimally in the half-turn metric after Korf
// (1997): IDA* with the maximum of three pattern databases.
func init() {
	Register(&Puzzle{
		Name:       "rubik",
		Title:      "Rubik's cube (optimal, half-turn metric: Korf's pattern databases, Reid's distances to H)",
		Heuristics: rubik.HeuristicNames,
		Parse:      parseRubik,
		Scramble: func(rng *rand.Rand, depth int, _ string) Instance {
			moves := make([]int, 0, max(depth, 0))
			prev := -1
			for len(moves) < depth {
				if m := rng.IntN(rubik.NumMoves); rubik.Allowed(prev, m) {
					moves = append(moves, m)
					prev = m
				}
			}
			return rubikInstance{cube: rubik.FromMoves(moves), text: rubik.FormatMoves(moves), moves: moves, scrambled: true}
		},
		Random:   randomRubik,
		Presets:  rubik.Presets,
		Renderer: "magiccube",
		Databases: &Databases{
			Heuristics: []string{"korf", "reid", "reid-huge", "korf7", "corners", "edges"},
			Tables:     rubik.StoredTables,
			Large:      []string{"korf7", "reid-huge"},
		},
		Help: `A scramble in Singmaster notation: face letters U D F B L R (upper case),
each alone (a clockwise quarter turn seen from that face), with 2 (a half
turn) or with ' (counter-clockwise), separated by spaces, e.g. "R U2 F' L D2".
The search finds an optimal solution that undoes it (half-turn metric: a half
turn counts one). Or the 54-facelet string of Cube Explorer and the kociemba
packages (faces U R F D L B, each read row by row, the letter of the face
whose colour each facelet shows), e.g. for the solved cube
  UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB
Or random (random:SEED: a uniformly random cube; viz solve --seed). Or a
sticker net as the magic cube reads it (54 colour
letters: top 3x3, the band left/front/right/back 3x12, bottom 3x3), e.g.
  www/www/www/ooogggrrrbbb/ooogggrrrbbb/ooogggrrrbbb/yyy/yyy/yyy
Heuristics: korf (corners + two 6-edge pattern databases, built on first use
in about a minute and cached; see 'viz pdb build rubik'), reid (distances
to Kociemba's subgroup H along the three axes: one 70 MB table, built in
seconds, far fewer nodes; for random cubes), reid-huge (reid with the
order of the slice edges kept, looked up for the inverse cube too: one
1.67 GB table, built in about 4 minutes on two cores and cached; 7 to 25
times fewer nodes than reid), korf7 (7-edge
databases, bigger), corners, edges, small (tiny in-memory databases, for
demos), simple (no database).`,
	})
}

func parseRubik(state, goal string) (Instance, error) {
	if goal != "" {
		return nil, fmt.Errorf("rubik has one goal (the solved cube), not %s", quote.Short(goal))
	}
	if strings.TrimSpace(state) == "" {
		// As for every other puzzle: an empty state is a mistake, not the
		// solved cube (which a net can give).
		return nil, fmt.Errorf("empty rubik state: give a scramble such as \"R U2 F'\" or a sticker net of %d colour letters", magiccube.Size)
	}
	if seed, ok, err := randomSeed(state); ok || err != nil {
		if err != nil {
			return nil, err
		}
		return randomRubik(seeded(seed)), nil
	}
	if err := faceletTypo(state); err != nil {
		return nil, err
	}
	// 54 letters of URFDLB would also read as 54 quarter turns.
	if rubik.LooksLikeFacelets(state) {
		c, err := rubik.FromFacelets(state)
		if err != nil {
			return nil, err
		}
		return rubikInstance{cube: c, text: c.Facelets()}, nil
	}
	// A net first: one whose colours are the face letters, written with
	// spaces, would also read as 54 plain quarter turns.
	n, nerr := magiccube.ParseNet(state)
	if nerr == nil {
		c, cerr := rubik.FromNet(n)
		if cerr != nil {
			return nil, fmt.Errorf("sticker net: %w", cerr)
		}
		return rubikInstance{cube: c, text: n.String()}, nil
	}
	moves, err := rubik.ParseMoves(state)
	if err == nil {
		return rubikInstance{cube: rubik.FromMoves(moves), text: rubik.FormatMoves(moves), moves: moves, scrambled: true}, nil
	}
	if meantAsNet(state) {
		return nil, fmt.Errorf("sticker net: %w", nerr)
	}
	return nil, err
}

// faceletCount is the length of a facelet string (Cube Explorer's, kociemba's).
const faceletCount = 54

// faceletTypo refuses a text that reads as a facelet string with a slip in
// it: about 54 face letters with no spaces, no '/' and no turn marks. Read
// as a scramble of some fifty quarter turns, or as a net, it would be
// solved, or refused, for the wrong reason.
func faceletTypo(state string) error {
	s := strings.TrimSpace(state)
	n := utf8.RuneCountInString(s)
	if n < faceletCount-6 || n > faceletCount+6 || rubik.LooksLikeFacelets(s) {
		return nil
	}
	bad, badAt, other := rune(0), 0, 0
	for i, r := range []rune(s) {
		if !strings.ContainsRune("URFDLB", r) {
			if other == 0 {
				bad, badAt = r, i
			}
			other++
		}
	}
	if other > 3 || strings.ContainsAny(s, " \t\n/2'") {
		return nil
	}
	if n != faceletCount {
		return fmt.Errorf("%d face letters with no spaces: a facelet string has %d (U R F D L B, in URFDLB order); a scramble separates its moves with spaces", n, faceletCount)
	}
	return fmt.Errorf("facelet %d is %q: a facelet string is %d letters of U R F D L B", badAt+1, bad, faceletCount)
}

// meantAsNet tells by content which of the two a text that is neither was
// meant to be: a net has rows split by '/', or nearly a net's count of
// letters (a net short of a sticker is reported by its count, not as a bad
// move); a scramble with a typo has neither.
func meantAsNet(state string) bool {
	letters := 0
	for _, r := range state {
		switch {
		case r == '/':
			return true
		case unicode.IsLetter(r):
			letters++
		}
	}
	return letters >= magiccube.Size-magiccube.Size/6
}

// randomRubik is a uniformly random cube, written as its facelets.
func randomRubik(rng *rand.Rand) Instance {
	c := rubik.Random(rng)
	return rubikInstance{cube: c, text: c.Facelets()}
}

// randomSeed reads "random" (seed 1) or "random:SEED", the page's and a
// file's way to name the cube that viz solve random --seed SEED solves.
func randomSeed(state string) (seed uint64, ok bool, err error) {
	s := strings.TrimSpace(state)
	if s == "random" {
		return 1, true, nil
	}
	rest, found := strings.CutPrefix(s, "random:")
	if !found {
		return 0, false, nil
	}
	seed, err = strconv.ParseUint(rest, 10, 64)
	if err != nil {
		return 0, false, fmt.Errorf("random cube %s: want random or random:SEED with SEED a number from 0 to 2^64-1", quote.Short(s))
	}
	return seed, true, nil
}

type rubikInstance struct {
	cube      rubik.Cube
	text      string
	moves     []int // the scramble the cube was given as, when scrambled
	scrambled bool
}

func (i rubikInstance) String() string { return i.text }

// InterchangeState is the cube's 54-facelet string (URFDLB).
func (i rubikInstance) InterchangeState() string { return i.cube.Facelets() }

// ScrambleFor is the scramble the cube was given as, else the inverse of the
// solution.
func (i rubikInstance) ScrambleFor(solution []int) string {
	if i.scrambled {
		return rubik.FormatMoves(i.moves)
	}
	if solution == nil {
		return ""
	}
	inv := make([]int, len(solution))
	for k, m := range solution {
		inv[len(solution)-1-k] = rubik.Inverse(m)
	}
	return rubik.FormatMoves(inv)
}

// Domain loads the heuristic's databases, building those that are missing,
// with no way to cancel or follow the build: NewDomain uses BuildDomain.
func (i rubikInstance) Domain(heuristic string) (engine.Domain, error) {
	return i.BuildDomain(context.Background(), heuristic, nil)
}

// BuildDomain loads the heuristic's databases, building (and caching) those
// that are missing; ctx cancels a build, progress follows it.
func (i rubikInstance) BuildDomain(ctx context.Context, heuristic string, progress func(pdb.Progress)) (engine.Domain, error) {
	h, err := rubik.LoadHeuristic(ctx, heuristic, progress)
	if err != nil {
		return nil, err
	}
	return rubik.NewSearch(i.cube, h), nil
}
