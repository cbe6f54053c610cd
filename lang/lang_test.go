package lang

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// placeholder is the one kind of template action a message may use, so
// that the page's i18n.js renders it as go-i18n does.
var (
	action      = regexp.MustCompile(`{{.*?}}`)
	placeholder = regexp.MustCompile(`^{{\.[A-Z][A-Za-z0-9]*}}$`)
)

func placeholders(m Message) []string {
	var ps []string
	for _, s := range []string{m.One, m.Other} {
		ps = append(ps, action.FindAllString(s, -1)...)
	}
	slices.Sort(ps)
	return slices.Compact(ps)
}

// TestCatalogue holds the catalogue to its rules: each area in both
// languages with the same ids, the same placeholders and only {{.Name}}
// ones, English plurals with both forms, nothing empty.
func TestCatalogue(t *testing.T) {
	areas := Areas()
	for _, want := range []string{"cli", "page", "server"} {
		if !slices.Contains(areas, want) {
			t.Fatalf("areas %v, want cli, page, server and page-...", areas)
		}
	}
	owner := map[string]string{} // id -> its area: an id is in one area alone
	for _, area := range areas {
		en, err := Area(area, English)
		if err != nil {
			t.Fatal(err)
		}
		zh, err := Area(area, Chinese)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range slices.Sorted(maps.Keys(en)) {
			if a, ok := owner[id]; ok {
				t.Errorf("%s is in %s and %s", id, a, area)
			}
			owner[id] = area
			e := en[id]
			z, ok := zh[id]
			if !ok {
				t.Errorf("%s: %s has no Chinese", area, id)
				continue
			}
			if e.Other == "" || z.Other == "" {
				t.Errorf("%s: %s is empty", area, id)
			}
			for _, s := range []string{e.One, e.Other, z.One, z.Other} {
				for _, a := range action.FindAllString(s, -1) {
					if !placeholder.MatchString(a) {
						t.Errorf("%s: %s uses %s: only {{.Name}} placeholders render in the page", area, id, a)
					}
				}
			}
			if pe, pz := placeholders(e), placeholders(z); !slices.Equal(pe, pz) {
				t.Errorf("%s: %s: English has %v, Chinese %v", area, id, pe, pz)
			}
			if e.One == "" && strings.Contains(e.Other, "{{.N}}") {
				t.Errorf("%s: %s counts {{.N}} but has no \"one\" form", area, id)
			}
		}
		for id := range zh {
			if _, ok := en[id]; !ok {
				t.Errorf("%s: %s is Chinese alone (no English)", area, id)
			}
		}
	}
}

func TestPrinter(t *testing.T) {
	tests := []struct {
		tag, want string
		n         int
	}{
		{"en", "1 event", 1},
		{"en", "3 events", 3},
		{"zh-CN", "3 个事件", 3},
		{"zh_CN.UTF-8", "1 个事件", 1},
		{"en-XA", "⟦3 évéñts⟧", 3},
		{"fr", "3 events", 3},
	}
	for _, tt := range tests {
		if got := New(tt.tag).N("page.events", tt.n); got != tt.want {
			t.Errorf("New(%q).N(page.events, %d) = %q, want %q", tt.tag, tt.n, got, tt.want)
		}
	}
	if got := New("zh-CN").T("no.such.message"); got != "no.such.message" {
		t.Errorf("a missing message reads %q, want its id", got)
	}
}

func TestMatch(t *testing.T) {
	tests := map[string]string{
		"zh-CN": Chinese, "zh_CN.UTF-8": Chinese, "zh": Chinese, "zh-Hans": Chinese, "zh-SG": Chinese,
		"zh-TW": English, "zh-Hant": English, "zh_HK.UTF-8": English,
		"en-US": English, "C": English, "POSIX": English, "": English, "fr_FR": English, "!!": English,
		"en-XA": Pseudo,
	}
	for in, want := range tests {
		if got := Match(in); got != want {
			t.Errorf("Match(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFromEnv(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"LANG": "zh_CN.UTF-8"}, Chinese},
		{map[string]string{"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, English},
		{map[string]string{"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, Chinese},
		{map[string]string{}, English},
	}
	for _, tt := range tests {
		if got := FromEnv(func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("FromEnv(%v) = %q, want %q", tt.env, got, tt.want)
		}
	}
}

func TestFromAccept(t *testing.T) {
	tests := map[string]string{
		"zh-CN,zh;q=0.9,en;q=0.8": Chinese,
		"en-US,en;q=0.9,zh;q=0.5": English,
		"fr,zh;q=0.5":             Chinese,
		"":                        English,
		";;;":                     English,
	}
	for in, want := range tests {
		if got := FromAccept(in); got != want {
			t.Errorf("FromAccept(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestMark(t *testing.T) {
	if got := Mark("Nodes: {{.N}} <b>once</b>"); got != "⟦Ñódés: {{.N}} <b>óñçé</b>⟧" {
		t.Errorf("Mark = %q", got)
	}
	if !Marked(" ⟦x⟧ ") || Marked("x") {
		t.Error("Marked")
	}
}

func ExamplePrinter_N() {
	fmt.Println(New("zh-CN").N("page.events", 2))
	fmt.Println(New("en").N("page.events", 1))
	// Output:
	// 2 个事件
	// 1 event
}
