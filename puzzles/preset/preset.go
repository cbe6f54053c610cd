// Package preset holds the one type every puzzle uses to name an instance
// worth showing: the page's preset menu, the tests' known answers.
package preset

// Preset is a named instance with its known optimal length.
type Preset struct {
	Name    string `json:"name"`
	State   string `json:"state"`             // in the puzzle's friendly format
	Optimal int    `json:"optimal,omitempty"` // the known optimal length, 0 when unknown
	// Goal is the goal the preset is posed for (one of the puzzle's goals),
	// "" for the default: Korf's 15-puzzle instances are blank-first.
	Goal string `json:"goal,omitempty"`
}
