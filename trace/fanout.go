package trace

// Fanout returns a Sink that hands each event to every sink whose Level
// admits the event's kind: a LevelIteration sink never gets visit events even
// when another sink asked for them. Its Level is the most detailed of its
// sinks' levels (LevelRun when there are none). Nil sinks are ignored.
//
// Levels are read once, here: a sink's Level must not change during a run.
func Fanout(sinks ...Sink) Sink {
	f := &fanout{level: LevelRun}
	for _, s := range sinks {
		if s == nil {
			continue
		}
		l := s.Level()
		f.sinks = append(f.sinks, s)
		f.levels = append(f.levels, l)
		if l > f.level {
			f.level = l
		}
	}
	return f
}

type fanout struct {
	level  Level
	sinks  []Sink
	levels []Level
}

func (f *fanout) Level() Level { return f.level }

func (f *fanout) Event(e *Event) {
	l := e.Kind.Level()
	for i, s := range f.sinks {
		if f.levels[i] >= l {
			s.Event(e)
		}
	}
}
