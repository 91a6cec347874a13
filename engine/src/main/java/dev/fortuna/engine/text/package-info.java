/**
 * Plain-text pictures of tiles and of the landscape, for the command line and for debugging.
 *
 * <p>Each square is a block of 7 columns × 5 rows, north up (see {@link dev.fortuna.engine.text.TileArt}).
 * Legend ({@link dev.fortuna.engine.text.BoardText#LEGEND}):
 * <pre>
 *   #  city                 .  field               M  cloister (3×3 block)
 *   *  pennant              +  crossing where several roads end
 *   =  road east-west       |  road north-south    / \  road bending tightly round a corner
 *   @  crop circle          ~  inner part of the Wheel of Fortune board
 *   a b c d e  followers of seats 0 1 2 3 4, on the feature they stand on
 * </pre>
 * Roads that end on a tile stop at its middle (or at the cloister, city or crop circle in the way).
 * The board adds x labels above, y labels at the middle row of each square, one empty square of margin, a
 * {@code Wheel:} line (pig's sector, then each sector's crown spaces) and one line per seat.
 */
package dev.fortuna.engine.text;
