package web

import (
	"context"
	"math/rand/v2"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"idaviz/web/fold"
)

// BenchmarkBigTrace opens the trace file $IDAVIZ_BIG_TRACE (make one with
// viz solve --trace on a 15-puzzle instance, node level, --max-nodes N) and
// seeks to random places in it, reporting the index's time and the worst
// seek. Run it alone, niced:
//
//	GOGC=400 IDAVIZ_BIG_TRACE=big.trace nice -n 10 go test -run '^$' -bench BigTrace -benchtime 1x ./web/
func BenchmarkBigTrace(b *testing.B) {
	path := os.Getenv("IDAVIZ_BIG_TRACE")
	if path == "" {
		b.Skip("set IDAVIZ_BIG_TRACE to a big trace file")
	}
	for range b.N {
		cpu := func() time.Duration {
			var ru syscall.Rusage
			syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
			return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
		start, cpu0 := time.Now(), cpu()
		rec, err := fold.OpenTrace(path, fold.IndexOptions{})
		if err != nil {
			b.Fatal(err)
		}
		open, openCPU := time.Since(start), cpu()-cpu0
		b.ReportMetric(openCPU.Seconds(), "open-cpu-s")
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		src := replayOrigin{rec: rec}.first().(*fileSource)
		rng := rand.New(rand.NewPCG(1, 1))
		var worst, total time.Duration
		const seeks = 20
		for range seeks {
			pos := rng.IntN(rec.Len() + 1)
			p := newPlayer(context.Background(), 1, src.level(), true, fold.DefaultTreeLimit, func() {})
			t := time.Now()
			src.fastForward(p, pos)
			p.frame(0)
			d := time.Since(t)
			worst = max(worst, d)
			total += d
		}
		// Through the server, as the page seeks: the time until the
		// state at the new position arrives.
		ts := newTestServer(b, Options{Recording: rec})
		c := dial(b, ts)
		c.until(time.Minute, "the first state", isState)
		var sworst, stotal time.Duration
		for range seeks {
			pos := 2 + rng.IntN(rec.Len()-4)
			t := time.Now()
			c.send(map[string]any{"type": "seek", "pos": pos})
			c.until(time.Minute, "the seek", func(m *msg) bool { return isState(m) && m.Active.Events == int64(pos) })
			d := time.Since(t)
			sworst = max(sworst, d)
			stotal += d
		}
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		b.ReportMetric(sworst.Seconds()*1000, "worst-server-seek-ms")
		b.ReportMetric(stotal.Seconds()*1000/seeks, "mean-server-seek-ms")
		b.ReportMetric(float64(ru.Maxrss)/1024, "maxrss-MB")
		cps, every := rec.Checkpoints()
		b.ReportMetric(float64(rec.Len()), "events")
		b.ReportMetric(open.Seconds(), "open-s")
		b.ReportMetric(float64(rec.Len())/open.Seconds()/1e6, "Mevents/s")
		b.ReportMetric(worst.Seconds()*1000, "worst-seek-ms")
		b.ReportMetric(total.Seconds()*1000/seeks, "mean-seek-ms")
		b.ReportMetric(float64(ms.HeapInuse)/1e6, "heap-MB")
		b.ReportMetric(float64(cps), "checkpoints")
		b.ReportMetric(float64(every), "every")
		rec.Close()
	}
}
