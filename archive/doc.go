// Package archive is everything Last Post writes to or reads from the data
// folder, and the recording format: save files (a header with the format
// version, the length and a SHA-256 of the state game marshals), recordings
// of runs and their rotation, the replay Player and Verify, the high-score
// table, autoplayed runs recorded for the corpus, crash reports, and the
// Session that ties one sitting of play to the folder.
//
// It sits above game: game turns a run into its state and back, and never
// imports this package.
package archive
