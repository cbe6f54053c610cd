package tiles

import (
	"bytes"

	"strings"
	"testing"
)

// FuzzParse: any text either parses to a solvable board whose String parses
// back to it, or fails with an error; nothing panics.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"1 2 3 4 5 6 7 0 8", "1,2,3,4,5,6,7,8,0", "1 2 3\n4 5 6\n7 8 0",
		"14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "2 1 3 4 5 6 7 8 0", "1 2 3 4 5 6 7 7 0",
		"", ",,,", "-0 1 2 3 4 5 6 7 8", "+1 2 3 4 5 6 7 8 0", "99999999999999999999",
	} {
		f.Add(s, 0, false)
		f.Add(s, 4, true)
	}
	f.Fuzz(func(t *testing.T, s string, size int, first bool) {
		goal := BlankLast
		if first {
			goal = BlankFirst
		}
		b, err := Parse(s, size, goal)
		if err != nil {
			if b != (Board{}) {
				t.Fatalf("error %v with a non-zero board", err)
			}
			return
		}
		if !b.Solvable() {
			t.Fatalf("Parse accepted unsolvable %s", b)
		}
		again, err := Parse(b.String(), b.Size(), goal)
		if err != nil || again != b {
			t.Fatalf("%q parsed to %s, which parses back to %s (%v)", s, b, again, err)
		}
		if _, err := b.Domain(""); err != nil {
			t.Fatalf("no domain for a parsed board: %v", err)
		}
	})
}

// FuzzReadUVa10181: the reader returns valid boards or an error.
func FuzzReadUVa10181(f *testing.F) {
	f.Add("2\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n")
	f.Add("1\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n")
	f.Add("0")
	f.Add("3\n1 2")
	f.Fuzz(func(t *testing.T, in string) {
		boards, err := ReadUVa10181(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, b := range boards {
			if b.Size() != 4 {
				t.Fatalf("board of size %d", b.Size())
			}
			if _, err := NewBoard(4, b.Tiles(), BlankLast); err != nil {
				t.Fatalf("invalid board %s: %v", b, err)
			}
		}
	})
}

// FuzzReadHDU1043: the reader returns valid boards or an error.
func FuzzReadHDU1043(f *testing.F) {
	f.Add("2  3  4  1  5  x  7  6  8\n")
	f.Add("12345678x\n1 2 3 4 5 6 7 x 8")
	f.Add("1 2 3\n")
	f.Fuzz(func(t *testing.T, in string) {
		boards, err := ReadHDU1043(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, b := range boards {
			if _, err := NewBoard(3, b.Tiles(), BlankLast); err != nil {
				t.Fatalf("invalid board %s: %v", b, err)
			}
		}
	})
}

// FuzzJudgeHDU1043: the whole judge (8-puzzle searches are quick): every
// answer replays to the goal, or says unsolvable for exactly the
// unsolvable boards.
func FuzzJudgeHDU1043(f *testing.F) {
	f.Add("2  3  4  1  5  x  7  6  8\n")
	f.Add("8 6 7 2 5 4 3 x 1\n2 1 3 4 5 6 7 8 x\n")
	f.Fuzz(func(t *testing.T, in string) {
		var out bytes.Buffer
		err := JudgeHDU1043(strings.NewReader(in), &out)
		boards, rerr := ReadHDU1043(strings.NewReader(in))
		if (err == nil) != (rerr == nil) {
			t.Fatalf("judge error %v, reader error %v", err, rerr)
		}
		if err != nil {
			return
		}
		lines := strings.Split(out.String(), "\n")
		if len(lines) != len(boards)+1 {
			t.Fatalf("%d boards, output %q", len(boards), out.String())
		}
		for i, b := range boards {
			if lines[i] == "unsolvable" {
				if b.Solvable() {
					t.Fatalf("%s called unsolvable", b)
				}
				continue
			}
			end, err := b.Play(lines[i])
			if err != nil || !end.IsGoal() {
				t.Fatalf("%s: %q does not solve it (%v)", b, lines[i], err)
			}
		}
	})
}
