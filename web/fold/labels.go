package fold

import (
	"strconv"
	"unicode/utf8"
)

// How the tree's pictures label a node (the page's tree.js follows the same
// rules): numbers with thousands separators, and a label drawn only where
// it fits, so that no two overlap.

// Thousands writes n with a comma between thousands: 1,974.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	var b []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	if neg {
		return "-" + string(b)
	}
	return string(b)
}

// charWidth is about how wide a character of the tree's labels is, in ems.
const charWidth = 0.6

// LabelFits reports whether text at font px fits in room px.
func LabelFits(text string, room, font float64) bool {
	return float64(utf8.RuneCountInString(text))*charWidth*font <= room
}

// CountLabel is a folded node's count as it fits in room px at font px:
// ×1,974, else short (×2.0k, ×286k, ×1.3M), else "" (the node's tooltip
// says it).
func CountLabel(n int64, room, font float64) string {
	if s := "×" + Thousands(n); LabelFits(s, room, font) {
		return s
	}
	if s := "×" + shortCount(n); LabelFits(s, room, font) {
		return s
	}
	return ""
}

// shortCount writes n in three significant digits at most, with k, M or G.
func shortCount(n int64) string {
	f := float64(n)
	for _, u := range []string{"", "k", "M", "G", "T"} {
		if f < 999.5 {
			if f < 9.95 && u != "" {
				return strconv.FormatFloat(f, 'f', 1, 64) + u
			}
			return strconv.FormatFloat(f, 'f', 0, 64) + u
		}
		f /= 1000
	}
	return strconv.FormatFloat(f, 'f', 0, 64) + "P"
}

// BPMXLabels are BPMX's lines for a drawn node (tree.js's bpmxLabels), each
// the longest form that fits in room px at font px, "" where none does: the
// h the search judged it by when a child raised it (h 6↑8, or h↑8), or
// when its parent's gave it more (h↓7, inherited), and the children cut
// that their own h would have let through (2 saved).
func BPMXLabels(n *TreeNode, room, font float64) []string {
	var out []string
	pick := func(texts ...string) {
		for _, t := range texts {
			if LabelFits(t, room, font) {
				out = append(out, t)
				return
			}
		}
		out = append(out, "")
	}
	v := strconv.Itoa(n.F - n.G)
	switch {
	case n.Raised:
		pick("h "+strconv.Itoa(n.H)+"↑"+v, "h↑"+v)
	case n.Inherited:
		pick("h↓" + v)
	}
	if n.Saved > 0 {
		pick(strconv.Itoa(n.Saved) + " saved")
	}
	return out
}

// BPMXTip is what a node's tooltip adds for BPMX (tree.js's nodeTitle).
func BPMXTip(n *TreeNode) string {
	s := ""
	switch {
	case n.Raised:
		s = "; BPMX raised its h from " + strconv.Itoa(n.H) + " to " + strconv.Itoa(n.F-n.G) + " (a child's h less the move's cost)"
	case n.Inherited:
		s = "; BPMX: it inherits h " + strconv.Itoa(n.F-n.G) + " from its parent (its parent's h less the move's cost)"
	}
	switch n.Saved {
	case 0:
	case 1:
		s += "; 1 child cut by BPMX that its own h would have let through"
	default:
		s += "; " + strconv.Itoa(n.Saved) + " children cut by BPMX that their own h would have let through"
	}
	return s
}
