package puzzles

import (
	"encoding/binary"
	"math/rand/v2"
	"strings"

	"idaviz/engine"
	"idaviz/internal/quote"
	"idaviz/puzzles/grid"
)

// The size of a scrambled grid world.
const scrambleRows, scrambleCols = 8, 12

func init() {
	Register(&Puzzle{
		Name:       "grid",
		Title:      "Grid world (route finding around walls, 4- or 8-connected)",
		Heuristics: grid.Heuristics,
		Parse: func(state, goal string) (Instance, error) {
			if goal != "" {
				return nil, errGridGoal(goal)
			}
			m, err := grid.Parse(state)
			if err != nil {
				return nil, err
			}
			return gridInstance{m}, nil
		},
		Scramble: func(rng *rand.Rand, depth int, _ string) Instance {
			return gridInstance{grid.Scramble(rng, scrambleRows, scrambleCols, depth)}
		},
		Presets:  gridPresets,
		Renderer: "grid",
		Script: &ScriptStates{
			Doc: "state: the agent's cell, a tuple (row, column) from (0, 0) at the top left; " +
				"globals: goal (the goal's (row, column)), rows, cols, diagonal (True for an 8-connected map) " +
				"and map (a tuple of the rows as strings: map[r][c] == \"#\" is a wall). A step costs 1 on a " +
				"4-connected map; 10 straight and 14 diagonal on an 8-connected one.",
			Bind: func(inst Instance) (func([]byte) any, map[string]any) {
				m := inst.(gridInstance).m
				gr, gc := m.Goal()
				rows := strings.Split(m.String(), "\n")
				if m.Diagonal() {
					rows = rows[1:]
				}
				cols := m.Cols()
				state := func(b []byte) any {
					c := int(binary.LittleEndian.Uint32(b))
					return []int{c / cols, c % cols}
				}
				mapRows := make([]any, len(rows))
				for i, r := range rows {
					mapRows[i] = r
				}
				return state, map[string]any{"goal": []int{gr, gc}, "rows": m.Rows(), "cols": cols,
					"diagonal": m.Diagonal(), "map": mapRows}
			},
		},
		Help: "A map as text, rows on lines (or separated by '/'): '#' a wall, '.' a free cell, 'S' the start, " +
			"'G' the goal ('*' when the start is the goal), e.g. \"S..#/.#../...G\"; a first line \"8-connected\" " +
			"lets the agent move diagonally (\"4-connected\", the default, does not). Read it from a file with " +
			"@FILE or from stdin with -. Moves are N E S W (and NE SE SW NW). A step costs 1 on a 4-connected " +
			"map; 10 straight and 14 diagonal on an 8-connected one, where a diagonal step needs both cells " +
			"beside it free. Heuristics: octile, manhattan (overestimates on an 8-connected map), euclidean, zero.",
	})
}

type gridInstance struct{ m *grid.Map }

func (g gridInstance) String() string { return g.m.String() }

func (g gridInstance) Domain(heuristic string) (engine.Domain, error) {
	return g.m.Domain(heuristic)
}

type errGridGoal string

func (e errGridGoal) Error() string {
	return "a grid world's goal is the map's 'G', not --goal " + quote.Short(string(e))
}

// gridPresets: their optimal lengths (4-connected: also their costs) are
// checked by breadth-first search in the tests.
var gridPresets = []Preset{
	{Name: "Open room (many transpositions)", State: "S.........\n..........\n..........\n..........\n..........\n.........G", Optimal: 14},
	{Name: "Wall with a gap", State: "..........\n....#.....\n.S..#..G..\n....#.....\n....#.....\n..........", Optimal: 10},
	{Name: "Maze", State: "S.#.......\n.##.####.#\n....#....#\n.####.##.#\n......#..G", Optimal: 17},
	{Name: "Room, 8-connected", State: "8-connected\nS.........\n..........\n...####...\n..........\n.........G"},
}
