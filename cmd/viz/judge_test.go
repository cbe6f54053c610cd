package main

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// solvedCube is ZOJ 2477's net of the solved cube.
const solvedCube = "\n  www\n  www\n  www\nrrrgggbbbooo\nrrrgggbbbooo\nrrrgggbbbooo\n  yyy\n  yyy\n  yyy\n"

// TestJudgesStream: every judge answers case 1 before case 2's input has
// arrived (its input is a pipe that the test writes case by case), so a
// long input is answered as it goes, in memory for one case.
func TestJudgesStream(t *testing.T) {
	for _, tc := range []struct {
		problem                 string
		head, case1, case2, end string
		answer1                 string // the first line of case 1's answer
	}{
		{"poj3460", "2\n", "6\n1 3 4 6 2 5\n", "5\n5 4 3 2 1\n", "", "2"},
		{"poj1084", "2\n", "2\n0\n", "3\n3 12 17 23\n", "", "3"},
		{"uva10181", "2\n", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n", "", "R"},
		{"hdu1043", "", "1 2 3 4 5 6 7 x 8\n", "1 2 3 4 5 6 7 8 x\n", "", "r"},
		{"uva1343", "", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n",
			"1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n", "0\n", "AC"},
		{"zoj2477", "2\n", solvedCube, solvedCube, "", "0"},
	} {
		t.Run(tc.problem, func(t *testing.T) {
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			var errb strings.Builder
			e := &env{stdin: inR, stdout: outW, stderr: &errb}
			done := make(chan int, 1)
			go func() {
				status := run(context.Background(), e, []string{"judge", tc.problem})
				outW.Close()
				done <- status
			}()
			lines := make(chan string)
			go func() {
				sc := bufio.NewScanner(outR)
				for sc.Scan() {
					lines <- sc.Text()
				}
				close(lines)
			}()
			go io.WriteString(inW, tc.head+tc.case1)
			select {
			case got := <-lines:
				if got != tc.answer1 {
					t.Fatalf("case 1 answered %q, want %q", got, tc.answer1)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("no answer to case 1 while case 2 has not arrived")
			}
			go func() {
				io.WriteString(inW, tc.case2+tc.end)
				inW.Close()
			}()
			for range lines {
			}
			if status := <-done; status != exitOK {
				t.Fatalf("status %d: %s", status, errb.String())
			}
		})
	}
}

// TestJudgeErrorsOnce: a judge's error is named once, by the command.
func TestJudgeErrorsOnce(t *testing.T) {
	for _, tc := range []struct{ problem, in, want string }{
		{"poj3460", "1\n3\n1 2 2\n", "viz judge poj3460: case 1: line 3, column 5: booksort: book 2 appears twice (again at position 3); the books must be a permutation of 1..3"},
		{"poj1084", "1\n2\n0\n7\n", `viz judge poj1084: line 4, column 1: unexpected "7" after the last of 1 cases`},
		{"uva10181", "x", `viz judge uva10181: line 1, column 1: the number of boards: "x" is not a number`},
		{"hdu1043", "1 2 3 ж", `viz judge hdu1043: line 1, column 7: 'ж' is not a tile (1 to 8, or x for the blank)`},
		{"uva1343", "0\n0\n", `viz judge uva1343: line 2, column 1: unexpected "0" after the closing 0`},
		{"zoj2477", "1\n" + solvedCube + "w", `viz judge zoj2477: line 12, column 1: unexpected "w" after the last of 1 cubes`},
	} {
		status, _, errs := runViz(t, tc.in, "judge", tc.problem)
		if status != exitUsage || strings.TrimSpace(errs) != tc.want {
			t.Errorf("%s: status %d, stderr %q, want %q", tc.problem, status, errs, tc.want)
		}
	}
}
