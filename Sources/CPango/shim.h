#ifndef FLIPBOOK_CPANGO_SHIM_H
#define FLIPBOOK_CPANGO_SHIM_H
// Pango over Cairo for text: HarfBuzz shaping, fontconfig for font files.
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>

// PANGO_SCALE and the GObject casts are macros Swift cannot import.
static inline int flipbook_pango_scale(void) { return PANGO_SCALE; }
static inline PangoFcFontMap *flipbook_pango_fc_font_map(PangoFontMap *map) { return PANGO_FC_FONT_MAP(map); }
static inline PangoCairoFontMap *flipbook_pango_cairo_font_map(PangoFontMap *map) { return PANGO_CAIRO_FONT_MAP(map); }
// The flag of a glyph Pango draws as a hex box: no font had the character.
static inline PangoGlyph flipbook_pango_glyph_unknown_flag(void) { return PANGO_GLYPH_UNKNOWN_FLAG; }
#endif
