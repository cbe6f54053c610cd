package grid_test

import (
	"container/heap"
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"idaviz/engine"
	"idaviz/internal/parsetest"
	"idaviz/puzzles/grid"
)

func TestParse(t *testing.T) {
	parsetest.Table(t, grid.Parse, []parsetest.Case{
		{In: "S.#\n..G", Want: "S.#\n..G"},
		{In: "S.#/..G", Want: "S.#\n..G"},
		{In: "\r\n\nS.#\r\n..G\r\n\n\n", Want: "S.#\n..G"},
		{In: "8-connected\nS.#\n..G", Want: "8-connected\nS.#\n..G"},
		{In: "4-Connected\nS.#\n..G", Want: "S.#\n..G"},
		{In: "*..", Want: "*.."},
		{In: "S..G  \n....", Want: "S..G\n...."},
		{In: "", Err: "the map is empty"},
		{In: "8-connected\n", Err: "the map is empty"},
		{In: "S.x\n..G", Err: "line 1, column 3: 'x' is not a cell"},
		{In: "S..\n.é.\n..G", Err: "line 2, column 2: 'é' is not a cell"},
		{In: "S..\néé!\n..G", Err: "line 2, column 1: 'é' is not a cell"},
		{In: "S..\n..\x00\n..G", Err: "line 2, column 3: '\\x00' is not a cell"},
		{In: "S..\n..\n..G", Err: "line 2 has 2 cells, the first row 3"},
		{In: "S..\n\n..G", Err: "line 2 is empty"},
		{In: "S.S\n..G", Err: "line 1, column 3: a second start (the first is at line 1, column 1)"},
		{In: "S.G\n..G", Err: "line 2, column 3: a second goal"},
		{In: "*.G", Err: "line 1, column 3: a second goal"},
		{In: "...\n..G", Err: "no start"},
		{In: "S..\n...", Err: "no goal"},
		{In: "#!?", Err: "'!' is not a cell"},
		{In: strings.Repeat(".", grid.MaxSide+1) + "\nSG", Err: "columns, more than the 512 allowed"},
		{In: strings.Repeat("S\n", 1) + strings.Repeat(".\n", grid.MaxSide) + "G", Err: "rows, more than the 512 allowed"},
	})
}

func FuzzParse(f *testing.F) {
	parsetest.Fuzz(f, grid.Parse, []string{"S.#\n..G", "8-connected\nS./.G", "*", "S\nG", "#!?", "S..\n\n..G"})
}

// dijkstra is the cost from every cell to the goal, walking as the map
// allows (-1 where there is no way): an independent check of the domain.
func dijkstra(m *grid.Map) [][]int {
	gr, gc := m.Goal()
	dist := make([][]int, m.Rows())
	for r := range dist {
		dist[r] = make([]int, m.Cols())
		for c := range dist[r] {
			dist[r][c] = -1
		}
	}
	type step struct{ dr, dc, cost int }
	steps := []step{{-1, 0, 1}, {1, 0, 1}, {0, -1, 1}, {0, 1, 1}}
	if m.Diagonal() {
		steps = []step{{-1, 0, 10}, {1, 0, 10}, {0, -1, 10}, {0, 1, 10}, {-1, -1, 14}, {-1, 1, 14}, {1, -1, 14}, {1, 1, 14}}
	}
	q := &cellQueue{{0, gr, gc}}
	dist[gr][gc] = 0
	for q.Len() > 0 {
		x := heap.Pop(q).([3]int)
		if x[0] > dist[x[1]][x[2]] {
			continue
		}
		for _, s := range steps {
			// Moves are symmetric: the step from (r, c) to (x1, x2) is
			// the reverse of this one, allowed by the same cells.
			r, c := x[1]+s.dr, x[2]+s.dc
			if m.IsWall(r, c) || (s.dr != 0 && s.dc != 0 && (m.IsWall(r, x[2]) || m.IsWall(x[1], c))) {
				continue
			}
			if d := x[0] + s.cost; dist[r][c] < 0 || d < dist[r][c] {
				dist[r][c] = d
				heap.Push(q, [3]int{d, r, c})
			}
		}
	}
	return dist
}

type cellQueue [][3]int

func (q cellQueue) Len() int           { return len(q) }
func (q cellQueue) Less(i, j int) bool { return q[i][0] < q[j][0] }
func (q cellQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *cellQueue) Push(x any)        { *q = append(*q, x.([3]int)) }
func (q *cellQueue) Pop() any {
	x := (*q)[len(*q)-1]
	*q = (*q)[:len(*q)-1]
	return x
}

// TestOptimal: on random maps, 4- and 8-connected, IDA* and A* find the
// cost Dijkstra's search finds, with every admissible heuristic; and each
// of those heuristics is at most the true cost at every cell, and
// consistent, while Manhattan overestimates on an open 8-connected map.
func TestOptimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	maps := 24
	if testing.Short() {
		maps = 6 // the uniform-cost IDA* on 8-connected maps is slow under -race
	}
	for k := range maps {
		m := grid.Scramble(rng, 7, 9, 12)
		if k%2 == 1 {
			var err error
			if m, err = grid.Parse("8-connected\n" + m.String()); err != nil {
				t.Fatal(err)
			}
		}
		dist := dijkstra(m)
		sr, sc := m.Start()
		for _, h := range grid.Heuristics {
			admissible := !(h == "manhattan" && m.Diagonal())
			for _, algo := range []engine.Algorithm{engine.AlgorithmIDA, engine.AlgorithmAStar} {
				d, err := m.Domain(h)
				if err != nil {
					t.Fatal(err)
				}
				res, err := algo.Search(context.Background(), d, engine.Options{MaxNodes: 50_000_000})
				if err != nil || !res.Solved() {
					t.Fatalf("%s %s %v on\n%s: %v %v", h, algo, m.Diagonal(), m, res.Status, err)
				}
				if admissible && res.Cost != dist[sr][sc] {
					t.Fatalf("%s %v on\n%s: cost %d, Dijkstra %d", h, algo, m, res.Cost, dist[sr][sc])
				}
			}
			if admissible {
				checkHeuristic(t, m, h, dist)
			}
		}
	}
	open, _ := grid.Parse("8-connected\nS....\n.....\n....G")
	d, _ := open.Domain("manhattan")
	if d.H() <= dijkstra(open)[0][0] {
		t.Fatalf("Manhattan %d does not overestimate an open 8-connected map's %d", d.H(), dijkstra(open)[0][0])
	}
}

// checkHeuristic checks h ≤ h* at every cell, and h(s) ≤ cost + h(s')
// along every move.
func checkHeuristic(t *testing.T, m *grid.Map, h string, dist [][]int) {
	t.Helper()
	d, _ := m.Domain(h)
	buf := make([]engine.Child, d.MaxBranch())
	for r := range m.Rows() {
		for c := range m.Cols() {
			if m.IsWall(r, c) || dist[r][c] < 0 {
				continue
			}
			d.SetState(cellBytes(r*m.Cols() + c))
			if d.H() > dist[r][c] {
				t.Fatalf("%s at (%d, %d) is %d > h* %d on\n%s", h, r, c, d.H(), dist[r][c], m)
			}
			for _, ch := range buf[:d.Expand(engine.NoMove, buf)] {
				if d.H() > int(ch.Cost+ch.H) {
					t.Fatalf("%s inconsistent at (%d, %d) by %s on\n%s", h, r, c, d.MoveName(int(ch.Move)), m)
				}
			}
		}
	}
}

func cellBytes(i int) []byte { return []byte{byte(i), byte(i >> 8), byte(i >> 16), byte(i >> 24)} }

// TestReexpansions: on an open room, a grid with many transpositions,
// IDA* expands each cell many times over (it keeps no table of the cells
// it has seen), where A* with a consistent heuristic expands each once.
func TestReexpansions(t *testing.T) {
	room, err := grid.Parse("S.........\n..........\n..........\n..........\n..........\n.........G")
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []string{"octile", "zero"} {
		ida, _ := room.Domain(h)
		ri, _ := engine.IDA(context.Background(), ida, engine.Options{})
		astar, _ := room.Domain(h)
		ra, _ := engine.AStar(context.Background(), astar, engine.Options{})
		if ri.Cost != 14 || ra.Cost != 14 {
			t.Fatalf("%s: costs %d and %d, want 14", h, ri.Cost, ra.Cost)
		}
		if int(ra.Totals.Expanded) != astar.ExpandedStates() {
			t.Errorf("%s: A* expanded %d nodes over %d cells", h, ra.Totals.Expanded, astar.ExpandedStates())
		}
		if ri.Totals.Expanded < 20*int64(ida.ExpandedStates()) {
			t.Errorf("%s: IDA* expanded %d nodes over %d cells: fewer re-expansions than an open room gives", h, ri.Totals.Expanded, ida.ExpandedStates())
		}
	}
}

// TestView: the view names the map, the agent's cell and the path to it.
func TestView(t *testing.T) {
	m, _ := grid.Parse("S..\n.#.\n..G")
	d, _ := m.Domain("octile")
	d.Apply(1) // E
	d.Apply(1) // E
	d.Apply(2) // S
	v := d.View().(grid.View)
	if v.Kind != "grid" || strings.Join(v.Rows, "/") != "S../.#./..G" || v.At != [2]int{1, 2} || len(v.Path) != 4 || v.Path[0] != [2]int{0, 0} {
		t.Fatalf("%+v", v)
	}
}
