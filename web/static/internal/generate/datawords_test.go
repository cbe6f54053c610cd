package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"idaviz/lang"
	"idaviz/web"
)

// korf is the name of one of Korf's numbered 15-puzzle instances, which
// one pattern message (data.preset.korf) names in every language.
var korf = regexp.MustCompile(`^Korf #(\d+)$`)

// TestDataWords: every built-in puzzle's menu name, title, help and
// presets' names, and every example's title, the page shows from the
// server's data (/api/puzzles, /api/examples) has its message in the
// catalogue's page-data area under the id datawords.js looks it up by,
// in English word for word the server's: a new preset, or a help text
// changed, without its catalogue entry fails here.
func TestDataWords(t *testing.T) {
	en := lang.New(lang.English)
	msgs, err := lang.Area("page-data", lang.English)
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	check := func(id, want string, args ...lang.Args) {
		t.Helper()
		used[id] = true
		if _, ok := msgs[id]; !ok {
			t.Errorf("page-data has no %q (English %q)", id, want)
			return
		}
		if got := en.T(id, args...); got != want {
			t.Errorf("page-data's %s reads %q, the server %q", id, got, want)
		}
	}

	b, err := web.Catalogue(nil)
	if err != nil {
		t.Fatal(err)
	}
	var puzzles []struct {
		Name, Title, Help string
		Presets           []struct{ Name string }
	}
	if err := json.Unmarshal(b, &puzzles); err != nil {
		t.Fatal(err)
	}
	for _, p := range puzzles {
		// The menu's name, as datawords.js's puzzleShort cuts a title.
		short, _, _ := strings.Cut(p.Title, " (")
		short, _, _ = strings.Cut(short, ": ")
		check("data.puzzle."+p.Name+".short", short)
		check("data.puzzle."+p.Name+".title", p.Title)
		if p.Help != "" {
			check("data.puzzle."+p.Name+".help", p.Help)
		}
		for _, x := range p.Presets {
			if k := korf.FindStringSubmatch(x.Name); k != nil {
				check("data.preset.korf", x.Name, lang.Args{"Number": k[1]})
				continue
			}
			check("data.preset."+x.Name, x.Name)
		}
	}

	b, err = web.Examples()
	if err != nil {
		t.Fatal(err)
	}
	var examples []struct{ Name, Title string }
	if err := json.Unmarshal(b, &examples); err != nil {
		t.Fatal(err)
	}
	for _, e := range examples {
		check("data.example."+e.Name+".title", e.Title)
	}

	// And nothing left over: a preset renamed leaves its old entry behind.
	for id := range msgs {
		if !used[id] {
			t.Errorf("page-data's %s names nothing the server sends", id)
		}
	}
}
