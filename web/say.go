package web

import (
	"errors"
	"net/http"

	"idaviz/lang"
)

// The server's words to the page come from the catalogue (its server
// area), in the language of the page that reads them: a session keeps its
// page's printer (lang=, then the page's lang message), and an error the
// session answers is a catalogue message with its arguments, written out
// only when it is sent. Errors of deeper packages (a puzzle's parser, the
// engine) keep their English words, inside the translated frame.

// pageError is an error the page reads in its own language: a message of
// the catalogue with its arguments, and the error it wraps, if any (its
// text is the argument Err). Its Error is English, for logs and for the
// errors.Is of callers.
type pageError struct {
	id   string
	args lang.Args
	err  error
}

// say is the catalogue's message id with args, as an error.
func say(id string, args ...lang.Args) error {
	return &pageError{id: id, args: lang.Merge(args...)}
}

// sayWrap is say around err, whose text is the message's {{.Err}}.
func sayWrap(id string, err error, args ...lang.Args) error {
	return &pageError{id: id, args: lang.Merge(args...), err: err}
}

// framed is err in the frame of message id (its {{.Err}}), unless err is
// a message of the catalogue already (which says what failed itself).
func framed(id string, err error) error {
	if _, ok := err.(*pageError); ok {
		return err
	}
	return sayWrap(id, err)
}

func (e *pageError) Error() string { return e.in(nil) }

func (e *pageError) Unwrap() error { return e.err }

// in is the message in p's language (nil: English).
func (e *pageError) in(p *lang.Printer) string {
	a := lang.Args{}
	for k, v := range e.args {
		if err, ok := v.(error); ok {
			v = textIn(p, err)
		}
		a[k] = v
	}
	if e.err != nil {
		a["Err"] = textIn(p, e.err)
	}
	return p.T(e.id, a)
}

// ErrorText is err's text in p's language: an error of this package (the
// checks of a listening address, say) is a message of the catalogue, and
// reads in p's language; any other as it is.
func ErrorText(p *lang.Printer, err error) string { return textIn(p, err) }

// textIn is err's text in p's language: a message of the catalogue in it,
// anything else (a deeper package's words) as it is.
func textIn(p *lang.Printer, err error) string {
	if err == nil {
		return ""
	}
	// A message of the catalogue, or one wrapped by an error that adds no
	// words of its own (a script's place).
	var pe *pageError
	if errors.As(err, &pe) && err.Error() == pe.Error() {
		return pe.in(p)
	}
	return err.Error()
}

// langErr is an error written in one language, for what shows an error as
// its text (a run's error in the state).
type langErr struct {
	err error
	p   *lang.Printer
}

func (e langErr) Error() string { return textIn(e.p, e.err) }
func (e langErr) Unwrap() error { return e.err }

// inLang is err shown in p's language (nil stays nil).
func inLang(p *lang.Printer, err error) error {
	if err == nil {
		return nil
	}
	return langErr{err, p}
}

// requestLang is the language of an HTTP request that is no socket's (a
// download, the join page): ?lang=, else its Accept-Language.
func requestLang(r *http.Request) *lang.Printer {
	if l := r.URL.Query().Get("lang"); l != "" {
		return lang.New(l)
	}
	return lang.New(lang.FromAccept(r.Header.Get("Accept-Language")))
}

// httpError answers a request with err in its language.
func httpError(w http.ResponseWriter, r *http.Request, err error, code int) {
	http.Error(w, textIn(requestLang(r), err), code)
}
