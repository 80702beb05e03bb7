#ifndef FLIPBOOK_CFFMPEG_SHIM_H
#define FLIPBOOK_CFFMPEG_SHIM_H
#include <errno.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/cpu.h>
#include <libavutil/display.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/channel_layout.h>
#include <libavutil/samplefmt.h>
#include <libswresample/swresample.h>

/* Swift cannot import function-like macros; these wrap the ones Flipbook needs. */
static inline int flipbook_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int flipbook_averror_eof(void) { return AVERROR_EOF; }
static inline int flipbook_averror(int posixCode) { return AVERROR(posixCode); }
static inline int64_t flipbook_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int flipbook_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
static inline int flipbook_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
#endif
