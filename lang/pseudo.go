package lang

import "strings"

// The pseudo-locale's marks: a message begins with markOpen and ends with
// markClose, and its letters are accented (its length shows how a longer
// language would fit). The page's i18n.js writes the same (the catalogue's
// generated module carries the pseudo-locale whole, from Mark).
const (
	markOpen  = "⟦"
	markClose = "⟧"
)

var accents = map[rune]rune{
	'a': 'á', 'e': 'é', 'i': 'í', 'o': 'ó', 'u': 'ú', 'y': 'ý', 'c': 'ç', 'n': 'ñ',
	'A': 'Á', 'E': 'É', 'I': 'Í', 'O': 'Ó', 'U': 'Ú', 'Y': 'Ý', 'C': 'Ç', 'N': 'Ñ',
}

// Mark is s in the pseudo-locale: marked, its letters accented, its
// placeholders ({{.Name}}) and HTML tags left as they are.
func Mark(s string) string {
	var b strings.Builder
	b.WriteString(markOpen)
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], "{{") {
			if j := strings.Index(s[i:], "}}"); j >= 0 {
				b.WriteString(s[i : i+j+2])
				i += j + 2
				continue
			}
		}
		if s[i] == '<' {
			if j := strings.IndexByte(s[i:], '>'); j >= 0 {
				b.WriteString(s[i : i+j+1])
				i += j + 1
				continue
			}
		}
		r := rune(s[i])
		if a, ok := accents[r]; ok {
			b.WriteRune(a)
			i++
			continue
		}
		j := i + 1
		for j < len(s) && s[j] >= 0x80 && s[j] < 0xC0 {
			j++
		}
		b.WriteString(s[i:j])
		i = j
	}
	b.WriteString(markClose)
	return b.String()
}

// Marked reports whether s is wholly a pseudo-locale message (or several).
func Marked(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, markOpen) && strings.HasSuffix(s, markClose)
}
