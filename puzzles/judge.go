package puzzles

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"idaviz/internal/quote"
)

// Judge answers one online-judge problem: it reads the judge's input from r
// and writes exactly the judge's expected output to w. An error means the
// input was malformed; it names what is wrong.
type Judge struct {
	Name  string // the `viz judge` argument: "uva10181"
	Title string
	Run   func(r io.Reader, w io.Writer) error
}

var judges = map[string]*Judge{}

// RegisterJudge adds a judge problem; it panics on a duplicate name.
func RegisterJudge(j *Judge) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := judges[j.Name]; dup {
		panic("puzzles: duplicate judge " + j.Name)
	}
	judges[j.Name] = j
}

// LookupJudge finds a judge problem by name.
func LookupJudge(name string) (*Judge, error) {
	mu.RLock()
	j, ok := judges[name]
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("unknown judge problem %s (known: %s)", quote.Short(name), strings.Join(JudgeNames(), ", "))
	}
	return j, nil
}

// JudgeNames lists the registered judge problems, sorted.
func JudgeNames() []string {
	mu.RLock()
	defer mu.RUnlock()
	var names []string
	for n := range judges {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
