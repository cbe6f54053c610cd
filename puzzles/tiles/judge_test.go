package tiles

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"idaviz/engine"
)

func readTestdata(t *testing.T, elem ...string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(append([]string{"testdata"}, elem...)...))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// countOptimal counts the solutions of b of exactly its optimal length
// (under the rule that never undoes a move), by a full depth-first search to
// that depth: 1 means the shortest answer is unique, so a special judge's
// sample answer must be ours byte for byte.
func countOptimal(b Board, length int) int {
	d := NewDomain(b, Manhattan)
	var count int
	walkTree(d, func(g int) bool {
		if g == length && d.IsGoal() {
			count++
		}
		return g < length
	}, func(g int, c engine.Child) bool { return g+1+int(c.H) <= length })
	return count
}

func TestJudgeUVa10181Sample(t *testing.T) {
	in := readTestdata(t, "uva10181", "sample.in")
	want := strings.Split(strings.TrimSuffix(readTestdata(t, "uva10181", "sample.out"), "\n"), "\n")
	var out bytes.Buffer
	if err := JudgeUVa10181(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	boards, err := ReadUVa10181(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(boards) || len(want) != len(boards) {
		t.Fatalf("%d boards, %d answers, %d in the sample", len(boards), len(got), len(want))
	}
	for i, b := range boards {
		if want[i] == uvaNotSolvable {
			if got[i] != want[i] {
				t.Errorf("board %d: %q, want %q", i+1, got[i], want[i])
			}
			continue
		}
		if len(got[i]) > uvaMaxMoves || strings.ToUpper(got[i]) != got[i] {
			t.Errorf("board %d: %q is not at most 50 upper-case moves", i+1, got[i])
		}
		end, err := b.Play(got[i])
		if err != nil || !end.IsGoal() {
			t.Fatalf("board %d: %q does not solve it (%v)", i+1, got[i], err)
		}
		// Our answer must be as short as an independent search says, and
		// no longer than the sample's.
		res, err := engine.IDA(context.Background(), NewDomain(b, Manhattan), engine.Options{})
		if err != nil || len(got[i]) != len(res.Moves) || len(got[i]) > len(want[i]) {
			t.Errorf("board %d: %d moves; Manhattan IDA* finds %d, the sample %d", i+1, len(got[i]), len(res.Moves), len(want[i]))
		}
		if len(want[i]) == len(got[i]) && countOptimal(b, len(got[i])) == 1 && got[i] != want[i] {
			t.Errorf("board %d: the shortest answer is unique, the sample says %q, we say %q", i+1, want[i], got[i])
		}
	}
	// The sample's LLLDRDRDR is in fact the only 9-move answer, so the whole
	// output is the sample's, byte for byte.
	if n := countOptimal(boards[0], 9); n != 1 {
		t.Errorf("board 1 has %d answers of 9 moves, want exactly 1", n)
	}
	if out.String() != strings.Join(want, "\n")+"\n" {
		t.Errorf("output %q differs from the sample", out.String())
	}
}

// mirrorKorf turns a blank-first board into a blank-last one at the same
// distance: turn the board half a turn and relabel tile t as N-t.
func mirrorKorf(b Board) Board {
	n := b.size * b.size
	m := Board{size: b.size, goal: BlankLast}
	for i := 0; i < n; i++ {
		if t := b.tiles[i]; t != 0 {
			m.tiles[n-1-i] = uint8(n) - t
		}
	}
	return m
}

// The judge's instances need up to 45 moves: Korf's instances of at most 45
// moves, turned into the judge's goal, are answered optimally; a solved
// board gets an empty line; a board needing more than 50 moves, or of the
// wrong parity, is "not solvable".
func TestJudgeUVa10181Korf(t *testing.T) {
	ks, err := Korf()
	if err != nil {
		t.Fatal(err)
	}
	limit := 45
	if testing.Short() {
		limit = 43
	}
	var boards []Board
	var lengths []int
	goal, _ := GoalBoard(4, BlankLast)
	boards, lengths = append(boards, goal), append(lengths, 0)
	var over Board // the least hopeless board needing more than 50 moves
	overH := -1
	for _, k := range ks {
		m := mirrorKorf(k.Board)
		if !m.Solvable() {
			t.Fatalf("Korf #%d mirrored is unsolvable", k.Number)
		}
		if k.Optimal <= limit {
			boards, lengths = append(boards, m), append(lengths, k.Optimal)
		}
		if h := NewDomain(m, LinearConflict).H(); k.Optimal > uvaMaxMoves && h > overH && (h <= 46 || testing.Short()) {
			over, overH = m, h
		}
	}
	unsolvable := goal
	unsolvable.tiles[0], unsolvable.tiles[1] = unsolvable.tiles[1], unsolvable.tiles[0]
	boards, lengths = append(boards, over, unsolvable), append(lengths, -1, -1)
	t.Logf("%d boards; the one needing more than 50 moves has h = %d", len(boards), overH)

	var out bytes.Buffer
	if err := JudgeUVa10181(strings.NewReader(FormatUVa10181(boards)), &out); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(boards) {
		t.Fatalf("%d answers for %d boards: %q", len(got), len(boards), out.String())
	}
	for i, b := range boards {
		if lengths[i] < 0 {
			if got[i] != uvaNotSolvable {
				t.Errorf("board %d (%s): %q, want %q", i+1, b, got[i], uvaNotSolvable)
			}
			continue
		}
		end, err := b.Play(got[i])
		if err != nil || !end.IsGoal() || len(got[i]) != lengths[i] {
			t.Errorf("board %d (%s): %q (%d moves, optimal %d): %v", i+1, b, got[i], len(got[i]), lengths[i], err)
		}
	}
}

func TestJudgeHDU1043Sample(t *testing.T) {
	in := readTestdata(t, "hdu1043", "sample.in")
	want := strings.Split(strings.TrimSuffix(readTestdata(t, "hdu1043", "sample.out"), "\n"), "\n")
	checkHDU(t, in, want)
}

// checkHDU runs the judge on in and checks each answer against BFS: valid,
// lower case, shortest; equal to the expected answer when that is the only
// shortest one, and "unsolvable" exactly when the board is.
func checkHDU(t *testing.T, in string, want []string) {
	t.Helper()
	var out bytes.Buffer
	if err := JudgeHDU1043(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	boards, err := ReadHDU1043(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(boards) || (want != nil && len(want) != len(boards)) {
		t.Fatalf("%d boards, %d answers, %d expected", len(boards), len(got), len(want))
	}
	d := bfs8(t, BlankLast)
	for i, b := range boards {
		dist := d.of(b)
		if dist < 0 {
			if got[i] != "unsolvable" {
				t.Errorf("board %d (%s): %q, want unsolvable", i+1, b, got[i])
			}
			continue
		}
		if strings.ToLower(got[i]) != got[i] {
			t.Errorf("board %d: %q is not lower case", i+1, got[i])
		}
		end, err := b.Play(got[i])
		if err != nil || !end.IsGoal() || len(got[i]) != dist {
			t.Errorf("board %d (%s): %q (%d moves, BFS distance %d): %v", i+1, b, got[i], len(got[i]), dist, err)
		}
		if want != nil && len(want[i]) == dist && countOptimal(b, dist) == 1 && got[i] != want[i] {
			t.Errorf("board %d: the shortest answer is unique, expected %q, got %q", i+1, want[i], got[i])
		}
	}
}

func TestJudgeHDU1043Cases(t *testing.T) {
	in := "1 2 3 4 5 6 7 8 x\n" + // solved: an empty line
		"2  3  4  1  5  x  7  6  8\n" + // the sample
		"8 6 7 2 5 4 3 x 1\n" + // one of the two hardest
		"\t8 6 7\r\n2 5 4\n3 x 1  \n" + // a board over three lines
		"12345678x\n" + // no spaces at all
		"2 1 3 4 5 6 7 8 x\n" // unsolvable
	checkHDU(t, in, nil)
	var out bytes.Buffer
	if err := JudgeHDU1043(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(out.String(), "\n"); lines[0] != "" || lines[5] != "unsolvable" || len(lines[2]) != 31 {
		t.Errorf("output %q", out.String())
	}
}

func TestJudgeMalformed(t *testing.T) {
	tests := []struct {
		name  string
		judge func(r *strings.Reader, w *bytes.Buffer) error
		in    string
		want  string
		out   string // the answers before the error
	}{
		{"uva empty", uva, "", "the number of boards: unexpected end of input", ""},
		{"uva count", uva, "two\n", `line 1, column 1: the number of boards: "two" is not a number`, ""},
		{"uva negative", uva, "-1\n", "-1 is out of range", ""},
		{"uva short", uva, "1\n1 2 3 4\n", "case 1: number 5 of 16: unexpected end of input at line 3, column 1", ""},
		{"uva letter", uva, "1\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 0\n", `case 1: line 2, column 34: "x" is not a number`, ""},
		{"uva duplicate", uva, "1\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 14 0\n", "case 1: line 2, column 37: tile 14 appears twice, so tile 15 is missing", ""},
		{"uva range", uva, "1\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 16 0\n", "case 1: line 2, column 37: tile 16 (number 15) is out of range", ""},
		{"uva trailing", uva, "1\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n7\n", `line 3, column 1: unexpected "7" after the last of 1 boards`, "\n"},
		{"hdu letter", hdu, "1 2 3 4 5 6 7 8 x\n1 2 3 4 y 6 7 8 5\n", `line 2, column 9: 'y' is not a tile`, "\n"},
		{"hdu rune", hdu, "1 2 3 ж 5 6 7 8 x\n", `line 1, column 7: 'ж' is not a tile`, ""},
		{"hdu zero", hdu, "1 2 3 4 5 6 7 8 0\n", `'0' is not a tile`, ""},
		{"hdu duplicate", hdu, "1 2 3 4 5 6 7 7 x\n", "board 1 (ending at line 1, column 17): tile 7 appears twice, so tile 8 is missing", ""},
		{"hdu short", hdu, "1 2 3 4 5 6 7 8 x\n1 2 3\n", "the input ends inside board 2, after 3 of its 9 tokens", "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := tt.judge(strings.NewReader(tt.in), &out)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
			if out.String() != tt.out {
				t.Errorf("wrote %q before failing, want %q", out.String(), tt.out)
			}
		})
	}
}

func uva(r *strings.Reader, w *bytes.Buffer) error { return JudgeUVa10181(r, w) }
func hdu(r *strings.Reader, w *bytes.Buffer) error { return JudgeHDU1043(r, w) }
