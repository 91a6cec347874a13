package dev.fortuna.engine.geometry;

import dev.fortuna.engine.tile.CropSymbol;

/** The symbol drawn in a tile's crop circle (pitchfork, club or shield), centred inside the crop-circle area. */
public record CropMark(CropSymbol symbol, Point centre, double radius) {
}
