// Package grid is a grid world: an agent walks from a start cell to a goal
// cell around walls, four ways (N E S W) or eight (and the diagonals), as
// in the route-finding chapters of AI textbooks and in PathFinding.js.
//
// A map is text: '#' a wall, '.' a free cell, 'S' the start, 'G' the goal
// ('*' when the start is the goal), rows on lines (or separated by '/'),
// optionally after a line "4-connected" (the default) or "8-connected".
//
// Costs are whole numbers: in a 4-connected grid a step costs 1; in an
// 8-connected one a straight step costs 10 and a diagonal one 14 (√2 ≈ 1.4
// in tenths), and a diagonal step needs both cells beside it free (no
// cutting corners).
package grid

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode/utf8"
)

// Cell letters.
const (
	Wall  = '#'
	Free  = '.'
	Start = 'S'
	Goal  = 'G'
	Both  = '*' // the start, which is also the goal
)

// Costs of a step.
const (
	StepCost     = 1  // 4-connected
	StraightCost = 10 // 8-connected
	DiagonalCost = 14 // 8-connected
)

// MaxSide is the most rows, and the most columns, a map may have.
const MaxSide = 512

// Connectivity headers.
const (
	header4 = "4-connected"
	header8 = "8-connected"
)

// Map is a grid world: a valid one has one start and one goal on free
// cells. Cells are numbered row by row from 0.
type Map struct {
	rows, cols  int
	wall        []bool
	start, goal int
	diagonal    bool
}

// Rows and Cols are the map's size.
func (m *Map) Rows() int { return m.rows }
func (m *Map) Cols() int { return m.cols }

// Diagonal reports whether the map is 8-connected.
func (m *Map) Diagonal() bool { return m.diagonal }

// Start and Goal are the start and goal cells as (row, column).
func (m *Map) Start() (int, int) { return m.start / m.cols, m.start % m.cols }
func (m *Map) Goal() (int, int)  { return m.goal / m.cols, m.goal % m.cols }

// IsWall reports whether (r, c) is a wall or off the map.
func (m *Map) IsWall(r, c int) bool {
	return r < 0 || c < 0 || r >= m.rows || c >= m.cols || m.wall[r*m.cols+c]
}

// Parse reads a map. Its errors name the line and column of what is wrong.
func Parse(text string) (*Map, error) {
	m := &Map{start: -1, goal: -1}
	all := splitLines(text)
	first := true
	var rows []string
	var rowLine []int
	for i, l := range all {
		l = strings.TrimRight(l, " \t\r")
		if first && strings.TrimSpace(l) == "" {
			continue
		}
		if first {
			first = false
			switch strings.ToLower(strings.TrimSpace(l)) {
			case header4:
				continue
			case header8:
				m.diagonal = true
				continue
			}
		}
		rows = append(rows, l)
		rowLine = append(rowLine, i+1)
	}
	for len(rows) > 0 && rows[len(rows)-1] == "" {
		rows, rowLine = rows[:len(rows)-1], rowLine[:len(rowLine)-1]
	}
	if len(rows) == 0 {
		return nil, errors.New("the map is empty: write rows of '#' (wall), '.' (free), 'S' (start) and 'G' (goal)")
	}
	if len(rows) > MaxSide {
		return nil, fmt.Errorf("the map has %d rows, more than the %d allowed", len(rows), MaxSide)
	}
	m.rows, m.cols = len(rows), len(rows[0])
	if m.cols > MaxSide {
		return nil, fmt.Errorf("line %d: %d columns, more than the %d allowed", rowLine[0], m.cols, MaxSide)
	}
	m.wall = make([]bool, m.rows*m.cols)
	for r, row := range rows {
		if row == "" {
			return nil, fmt.Errorf("line %d is empty: a map's rows follow each other", rowLine[r])
		}
		if c := strings.IndexFunc(row, func(x rune) bool { return !strings.ContainsRune("#.SG*", x) }); c >= 0 {
			return nil, fmt.Errorf("line %d, column %d: %q is not a cell (write '#' wall, '.' free, 'S' start, 'G' goal, '*' start and goal)", rowLine[r], utf8.RuneCountInString(row[:c])+1, firstRune(row[c:]))
		}
		if len(row) != m.cols {
			return nil, fmt.Errorf("line %d has %d cells, the first row %d: every row must be as wide", rowLine[r], len(row), m.cols)
		}
		for c := 0; c < len(row); c++ {
			i := r*m.cols + c
			switch ch := row[c]; ch {
			case Wall:
				m.wall[i] = true
			case Start, Goal, Both:
				if ch != Goal {
					if m.start >= 0 {
						return nil, fmt.Errorf("line %d, column %d: a second start (the first is at line %d, column %d)", rowLine[r], c+1, rowLine[m.start/m.cols], m.start%m.cols+1)
					}
					m.start = i
				}
				if ch != Start {
					if m.goal >= 0 {
						return nil, fmt.Errorf("line %d, column %d: a second goal (the first is at line %d, column %d)", rowLine[r], c+1, rowLine[m.goal/m.cols], m.goal%m.cols+1)
					}
					m.goal = i
				}
			}
		}
	}
	switch {
	case m.start < 0:
		return nil, errors.New("the map has no start: mark it 'S'")
	case m.goal < 0:
		return nil, errors.New("the map has no goal: mark it 'G'")
	}
	return m, nil
}

func splitLines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		out = append(out, strings.Split(l, "/")...)
	}
	return out
}

func firstRune(s string) rune {
	for _, r := range s {
		return r
	}
	return 0
}

// String writes the map as Parse reads it, with the header for an
// 8-connected one.
func (m *Map) String() string {
	var b strings.Builder
	if m.diagonal {
		b.WriteString(header8 + "\n")
	}
	for r, row := range m.rowStrings() {
		if r > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(row)
	}
	return b.String()
}

// rowStrings is the map's rows as text.
func (m *Map) rowStrings() []string {
	rows := make([]string, m.rows)
	line := make([]byte, m.cols)
	for r := range rows {
		for c := range line {
			i := r*m.cols + c
			switch {
			case m.wall[i]:
				line[c] = Wall
			case i == m.start && i == m.goal:
				line[c] = Both
			case i == m.start:
				line[c] = Start
			case i == m.goal:
				line[c] = Goal
			default:
				line[c] = Free
			}
		}
		rows[r] = string(line)
	}
	return rows
}

// Scramble makes a random 4-connected map, rows by cols with about a
// quarter of the cells walls, whose start is a random walk of depth steps
// from its goal (the shortest path may be shorter).
func Scramble(rng *rand.Rand, rows, cols, depth int) *Map {
	m := &Map{rows: rows, cols: cols, wall: make([]bool, rows*cols)}
	for i := range m.wall {
		m.wall[i] = rng.IntN(4) == 0
	}
	m.goal = rng.IntN(rows * cols)
	m.wall[m.goal] = false
	cur, prev := m.goal, -1
	for range depth {
		var next []int
		for _, dc := range m.neighbours(cur) {
			if dc != prev {
				next = append(next, dc)
			}
		}
		if len(next) == 0 {
			// A dead end: open a wall beside it, or go back.
			r, c := cur/cols, cur%cols
			for _, d := range steps[:4] {
				if nr, nc := r+d.dr, c+d.dc; nr >= 0 && nc >= 0 && nr < rows && nc < cols {
					next = append(next, nr*cols+nc)
				}
			}
		}
		n := next[rng.IntN(len(next))]
		m.wall[n] = false
		prev, cur = cur, n
	}
	m.start = cur
	return m
}

// neighbours are the free cells one 4-connected step from cell i.
func (m *Map) neighbours(i int) []int {
	var out []int
	r, c := i/m.cols, i%m.cols
	for _, d := range steps[:4] {
		if !m.IsWall(r+d.dr, c+d.dc) {
			out = append(out, (r+d.dr)*m.cols+c+d.dc)
		}
	}
	return out
}
