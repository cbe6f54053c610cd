package rubik

import "idaviz/puzzles/preset"

// Presets are scrambles of known optimal length. The tests check the short
// ones against a meet-in-the-middle search, the 12 and 13 move ones with
// korf's full databases (when cached, or built with IDAVIZ_TEST_KORF=1); the
// superflip's 20 is Reid's (1995) proof, far beyond a test.
var Presets = []preset.Preset{
	{Name: "Sexy move (R U R' U')", State: "R U R' U'", Optimal: 4},
	{Name: "Checkerboard (U2 D2 F2 B2 L2 R2)", State: "U2 D2 F2 B2 L2 R2", Optimal: 6},
	{Name: "Nine moves", State: "L2 B' D R2 F U' L B2 R'", Optimal: 9},
	{Name: "Twelve moves", State: "B' L2 U' L' R2 F2 D2 F2 D' L' D2 B2", Optimal: 12},
	{Name: "Thirteen moves", State: "B L R' F2 R2 B2 R B D2 R' B2 R2 B'", Optimal: 13},
	{Name: "Fourteen moves (a minute)", State: "B L2 U2 D R2 U' F R2 B' D' L' D' B' D'", Optimal: 14},
	{Name: "Superflip (20 moves: days)", State: "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2", Optimal: 20},
}
