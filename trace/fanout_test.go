package trace

import (
	"reflect"
	"testing"
)

// kinds is a sink that remembers the kinds it got.
type kinds struct {
	level Level
	got   []Kind
}

func (k *kinds) Level() Level   { return k.level }
func (k *kinds) Event(e *Event) { k.got = append(k.got, e.Kind) }

func TestFanout(t *testing.T) {
	all := []Kind{KindRunStart, KindIterationStart, KindVisit, KindPrune, KindProgress,
		KindBoundIncrease, KindIterationEnd, KindSolution, KindRunEnd, Kind(200)}
	run, iter, node := &kinds{level: LevelRun}, &kinds{level: LevelIteration}, &kinds{level: LevelNode}
	tests := []struct {
		name  string
		sinks []Sink
		level Level
	}{
		{"none", nil, LevelRun},
		{"nil ignored", []Sink{nil, run}, LevelRun},
		{"max", []Sink{run, node, iter}, LevelNode},
		{"iteration", []Sink{iter, run}, LevelIteration},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if l := Fanout(tt.sinks...).Level(); l != tt.level {
				t.Errorf("level %v, want %v", l, tt.level)
			}
		})
	}
	f := Fanout(run, iter, node)
	for _, k := range all {
		f.Event(&Event{Kind: k})
	}
	want := map[*kinds][]Kind{
		run:  {KindRunStart, KindSolution, KindRunEnd},
		iter: {KindRunStart, KindIterationStart, KindProgress, KindBoundIncrease, KindIterationEnd, KindSolution, KindRunEnd},
		node: all,
	}
	for s, w := range want {
		if !reflect.DeepEqual(s.got, w) {
			t.Errorf("level %v sink got %v, want %v", s.level, s.got, w)
		}
	}
}

func TestLevelNames(t *testing.T) {
	for _, l := range []Level{LevelRun, LevelIteration, LevelNode} {
		got, err := ParseLevel(l.String())
		if err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l.String(), got, err)
		}
	}
	if _, err := ParseLevel("everything"); err == nil {
		t.Error("ParseLevel accepted a bad name")
	}
	if s := Level(9).String(); s != "level(9)" {
		t.Errorf("Level(9) = %q", s)
	}
}
