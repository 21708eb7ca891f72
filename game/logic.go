package game

// LogicVersion numbers the rules of play. Any deliberate change that makes
// the same seed and commands play out differently must raise it and re-bless
// the golden corpus (testdata/replays/README.md), in the same commit:
// recordings made under another logic version are refused, not replayed.
const LogicVersion = 4
