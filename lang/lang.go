// Package lang holds idaviz's one catalogue of messages, in English and in
// Simplified Chinese, and picks the language a user reads: the CLI's from
// --lang or the usual environment, the page's from its address, its saved
// choice or the browser. The catalogue is go-i18n's (TOML files in
// catalog/, one per area and language: cli, server, page); the page gets
// the page area generated from the same files (web/static's go generate),
// so a string is translated once. The English of the page-data area (the
// puzzles' titles, help and presets, the examples' titles) is written by
// web/static's go generate from the lists the server sends, where those
// words are registered.
//
// Messages are go-i18n templates that use only {{.Name}} placeholders, so
// that the page's JavaScript renders them the same way (the catalogue's
// test holds every message to that). A plural message has "one" and
// "other" forms, chosen by its count as CLDR says for the language.
//
// Beside English (en) and Chinese (zh-CN) there is a pseudo-locale,
// en-XA: English with every message marked ⟦…⟧ and its letters accented,
// so that a test can see a string that bypassed the catalogue.
package lang

import (
	"embed"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// The languages the catalogue speaks, English first (the fallback).
const (
	English = "en"
	Chinese = "zh-CN"
	// Pseudo is the pseudo-locale of the tests: English, marked.
	Pseudo = "en-XA"
)

// Tags are the languages a user can choose, English first.
var Tags = []string{English, Chinese}

//go:embed catalog/*.toml
var catalog embed.FS

var (
	loadOnce sync.Once
	bundle   *i18n.Bundle
	files    map[string]map[string]Message // area.tag -> id -> message
	loadErr  error
)

// Message is one message of the catalogue as a file holds it: its forms
// (Other alone unless it has plurals) and a note for translators.
type Message struct {
	ID          string `json:"-"`
	Description string `json:"-"`
	One         string `json:"one,omitempty"`
	Other       string `json:"other"`
}

func load() {
	bundle = i18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	files = map[string]map[string]Message{}
	names, err := fs.Glob(catalog, "catalog/*.toml")
	if err != nil {
		loadErr = err
		return
	}
	for _, name := range names {
		b, err := fs.ReadFile(catalog, name)
		if err != nil {
			loadErr = err
			return
		}
		mf, err := bundle.ParseMessageFileBytes(b, name)
		if err != nil {
			loadErr = fmt.Errorf("lang: %s: %w", name, err)
			return
		}
		key := strings.TrimSuffix(path.Base(name), ".toml")
		m := map[string]Message{}
		for _, msg := range mf.Messages {
			m[msg.ID] = Message{ID: msg.ID, Description: msg.Description, One: msg.One, Other: msg.Other}
		}
		files[key] = m
		// The pseudo-locale is English marked: its messages are marked,
		// not the values rendered into them (a number, a name, a message
		// marked already), as the page's i18n.js renders its catalogue.
		if mf.Tag == language.English {
			marked := make([]*i18n.Message, len(mf.Messages))
			for i, msg := range mf.Messages {
				marked[i] = &i18n.Message{ID: msg.ID, One: markForm(msg.One), Other: markForm(msg.Other)}
			}
			if err := bundle.AddMessages(pseudoTag, marked...); err != nil {
				loadErr = fmt.Errorf("lang: %s's pseudo-locale: %w", name, err)
				return
			}
		}
	}
}

var pseudoTag = language.MustParse(Pseudo)

// markForm is a plural form marked; an absent form stays absent.
func markForm(s string) string {
	if s == "" {
		return ""
	}
	return Mark(s)
}

func loaded() error {
	loadOnce.Do(load)
	return loadErr
}

// Area is every message of one area (cli, server, page) in language tag
// (English or Chinese), by id: what the page's generated catalogue holds.
func Area(area, tag string) (map[string]Message, error) {
	if err := loaded(); err != nil {
		return nil, err
	}
	m, ok := files[area+"."+tag]
	if !ok {
		return nil, fmt.Errorf("lang: no catalogue %s.%s", area, tag)
	}
	return m, nil
}

// Areas are the catalogue's areas, sorted.
func Areas() []string {
	if loaded() != nil {
		return nil
	}
	var as []string
	for k := range files {
		a, _, _ := strings.Cut(k, ".")
		if !slices.Contains(as, a) {
			as = append(as, a)
		}
	}
	slices.Sort(as)
	return as
}

// Args are a message's placeholders' values, by name.
type Args map[string]any

// Merge is args in one, a later value of a name over an earlier.
func Merge(args ...Args) Args {
	a := Args{}
	for _, m := range args {
		maps.Copy(a, m)
	}
	return a
}

// Printer writes the catalogue's messages in one language.
type Printer struct {
	tag string
	loc *i18n.Localizer
}

// New is a Printer for tag, the closest language the catalogue speaks
// (Match); the pseudo-locale when tag is Pseudo.
func New(tag string) *Printer {
	if err := loaded(); err != nil {
		panic(err) // the catalogue is embedded: its test holds it loadable
	}
	t := Match(tag)
	p := &Printer{tag: t}
	p.loc = i18n.NewLocalizer(bundle, t, English)
	return p
}

// Tag is the printer's language: en, zh-CN or en-XA.
func (p *Printer) Tag() string {
	if p == nil {
		return English
	}
	return p.tag
}

// T is message id with args. A message missing from the catalogue is
// written as its id, so it shows, and the catalogue's test fails.
func (p *Printer) T(id string, args ...Args) string {
	return p.localize(id, nil, args)
}

// N is message id in the plural form for n, with args (and N = n).
func (p *Printer) N(id string, n int, args ...Args) string {
	return p.localize(id, n, args)
}

func (p *Printer) localize(id string, n any, args []Args) string {
	if p == nil {
		p = defaultPrinter()
	}
	data := Merge(args...)
	if n != nil {
		if _, ok := data["N"]; !ok {
			data["N"] = n
		}
	}
	s, err := p.loc.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: map[string]any(data), PluralCount: n})
	if err != nil || s == "" {
		return id
	}
	return s
}

var (
	defOnce sync.Once
	def     *Printer
)

func defaultPrinter() *Printer {
	defOnce.Do(func() { def = New(English) })
	return def
}

// Match is the catalogue's language closest to tag, a BCP 47 tag or a
// POSIX locale (zh_CN.UTF-8): zh, zh-CN, zh-Hans and zh-SG are Chinese,
// en-XA the pseudo-locale, anything else English.
func Match(tag string) string {
	t := strings.TrimSpace(tag)
	if i := strings.IndexAny(t, ".@"); i >= 0 {
		t = t[:i]
	}
	t = strings.ReplaceAll(t, "_", "-")
	if strings.EqualFold(t, Pseudo) {
		return Pseudo
	}
	parsed, err := language.Parse(t)
	if err != nil {
		return English
	}
	base, _ := parsed.Base()
	if base.String() != "zh" {
		return English
	}
	// Traditional Chinese is not Simplified: it reads English rather than
	// the wrong script.
	if script, conf := parsed.Script(); conf != language.No && script.String() == "Hant" {
		return English
	}
	if region, conf := parsed.Region(); conf == language.Exact && (region.String() == "TW" || region.String() == "HK" || region.String() == "MO") {
		if script, conf := parsed.Script(); conf != language.Exact || script.String() != "Hans" {
			return English
		}
	}
	return Chinese
}

// FromEnv is the language the environment asks for, as POSIX says: the
// first of LC_ALL, LC_MESSAGES and LANG that is set ("C" and "POSIX" are
// English).
func FromEnv(getenv func(string) string) string {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(k); v != "" {
			return Match(v)
		}
	}
	return English
}

// FromAccept is the language of an Accept-Language header: the first it
// names that the catalogue speaks, else English.
func FromAccept(header string) string {
	tags, _, err := language.ParseAcceptLanguage(header)
	if err != nil {
		return English
	}
	for _, t := range tags {
		if m := Match(t.String()); m != English {
			return m
		}
		if b, _ := t.Base(); b.String() == "en" {
			return English
		}
	}
	return English
}
