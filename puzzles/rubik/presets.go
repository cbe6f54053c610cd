package rubik

// Preset is a named scramble with its optimal length in the half-turn metric.
type Preset struct {
	Name     string
	Scramble string
	Optimal  int
}

// Presets are scrambles of known optimal length. The tests check the short
// ones against a meet-in-the-middle search, the 12 to 14 move ones with the
// full databases when they are cached; the superflip's 20 is Reid's (1995)
// proof, far beyond a test.
var Presets = []Preset{
	{"Sexy move (R U R' U')", "R U R' U'", 4},
	{"Checkerboard (U2 D2 F2 B2 L2 R2)", "U2 D2 F2 B2 L2 R2", 6},
	{"Nine moves", "L2 B' D R2 F U' L B2 R'", 9},
	{"Twelve moves", "B' L2 U' L' R2 F2 D2 F2 D' L' D2 B2", 12},
	{"Thirteen moves", "B L R' F2 R2 B2 R B D2 R' B2 R2 B'", 13},
	{"Fourteen moves (a minute)", "B L2 U2 D R2 U' F R2 B' D' L' D' B' D'", 14},
	{"Superflip (20 moves: days)", "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2", 20},
}
