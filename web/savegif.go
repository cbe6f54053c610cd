package web

import (
	"bytes"
	"errors"
	"io"
	"iter"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"idaviz/lang"
	"idaviz/trace"
	"idaviz/web/draw"
	"idaviz/web/fold"
	"idaviz/web/gif"
)

// The page's "Save GIF" (GET /api/gif, and a site's "download" message
// with what "gif"): the iteration on screen as an animated GIF, a frame per
// expansion, made from the run's recording as viz trace export --format
// gif makes it from a file.

// maxPageGIFFrames bounds a GIF from the page: a minute and a half at 4
// frames a second, and at most some 10 MB held while it is made. A longer
// one is viz trace export's, with --from and --to.
const maxPageGIFFrames = 400

// pageGIF writes the GIF of a run's iteration the query names
// (iteration=N; 0 or none: the whole run).
func pageGIF(rec *fold.Recording, q url.Values) ([]byte, error) {
	opt := gif.Options{MaxFrames: maxPageGIFFrames, Drawer: &draw.Views{}}
	if s := q.Get("iteration"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return nil, say("server.bad-iteration", lang.Args{"Iteration": strconv.Quote(s)})
		}
		opt.Iteration = n
	}
	next, stop := iter.Pull2(recordingEvents(rec))
	defer stop()
	var buf bytes.Buffer
	_, err := gif.Write(&buf, pulled(next), opt)
	if errors.Is(err, gif.ErrTooManyFrames) {
		return nil, say("server.gif-too-long", lang.Args{"Max": maxPageGIFFrames})
	}
	if err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// recordingEvents are a recording's events, in order; a fault reading it
// ends them with the fault.
func recordingEvents(rec *fold.Recording) iter.Seq2[*trace.Event, error] {
	return func(yield func(*trace.Event, error) bool) {
		errStop := errors.New("stopped")
		err := rec.Each(func(e *trace.Event) error {
			if !yield(e, nil) {
				return errStop
			}
			return nil
		})
		if err != nil && !errors.Is(err, errStop) {
			yield(nil, err)
		}
	}
}

// pulled reads events pulled from a sequence, as a trace is read.
type pulled func() (*trace.Event, error, bool)

func (p pulled) Read(e *trace.Event) error {
	ev, err, ok := p()
	switch {
	case !ok:
		return io.EOF
	case err != nil:
		return err
	}
	*e = *ev
	return nil
}

// serveGIF answers "Save GIF".
func (s *Server) serveGIF(w http.ResponseWriter, r *http.Request) {
	done, ok := s.holdDownload(w, r)
	if !ok {
		return
	}
	defer done()
	rec := s.opt.Recording
	if rec == nil {
		if rec, _, ok = s.recordLive(w, r, "server.gif-failed"); !ok {
			return
		}
	}
	body, err := pageGIF(rec, r.URL.Query())
	if err != nil {
		httpError(w, r, sayWrap("server.gif-failed", err), http.StatusBadRequest)
		return
	}
	attachment(w, "image/gif", s.downloadName(rec.Info.Puzzle, ".gif"))
	dw := newDeadlineWriter(w, time.Time{}, nil)
	_, _ = dw.Write(body)
	if err := dw.finish(); err != nil {
		s.logf("save a GIF: %v", err)
	}
}
