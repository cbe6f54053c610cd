package main

import (
	"slices"
	"strings"
	"testing"
)

func TestChoose(t *testing.T) {
	files := func(ss []scene) []string {
		var out []string
		for _, s := range ss {
			out = append(out, s.file)
		}
		return out
	}
	for _, c := range []struct {
		only  string
		rubik bool
		want  []string
		err   string
	}{
		{"", false, []string{"screenshot.png", "present.png", "tree.png", "quiz.png", "compare.png", "lecture.png", "code.png", "code-present.png", "quiz-present.png", "astar.png", "bpmx.png"}, ""},
		{"", true, []string{"screenshot.png", "present.png", "tree.png", "quiz.png", "compare.png", "lecture.png", "code.png", "code-present.png", "quiz-present.png", "astar.png", "bpmx.png", "rubik-reid-vs-korf.png", "rubik-reid-huge-vs-reid.png"}, ""},
		{"tree,quiz", false, []string{"tree.png", "quiz.png"}, ""},
		{"rubik-reid-vs-korf", true, []string{"rubik-reid-vs-korf.png"}, ""},
		{"rubik-reid-vs-korf", false, nil, "need -rubik"},
		{"trees", false, nil, `no picture "trees" (choose from: screenshot, present,`},
	} {
		got, err := choose(c.only, c.rubik)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("choose(%q, %v): error %v, want one saying %q", c.only, c.rubik, err, c.err)
			}
			continue
		}
		if err != nil || !slices.Equal(files(got), c.want) {
			t.Errorf("choose(%q, %v) = %v, %v; want %v", c.only, c.rubik, files(got), err, c.want)
		}
	}
}
