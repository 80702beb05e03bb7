// rlottie-frame FILE FRAME OUT.pam: rlottie's own rendering of frame FRAME of the Lottie JSON FILE at
// the animation's own size, written as a PAM (RGBA, straight alpha) for `ffmpeg -i OUT.pam OUT.png`.
// The reference Benchmarks/lottie-reference/psnr.sh measures Flipbook's frames against.
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s FILE FRAME OUT.pam\n", argv[0]);
        return 2;
    }
    Lottie_Animation *animation = lottie_animation_from_file(argv[1]);
    if (!animation) {
        fprintf(stderr, "rlottie cannot read %s\n", argv[1]);
        return 1;
    }
    size_t width = 0, height = 0;
    lottie_animation_get_size(animation, &width, &height);
    size_t frame = strtoul(argv[2], NULL, 10);
    uint32_t *pixels = calloc(width * height, 4);
    if (!pixels) return 1;
    lottie_animation_render(animation, frame, pixels, width, height, width * 4);
    FILE *out = fopen(argv[3], "wb");
    if (!out) return 1;
    fprintf(out, "P7\nWIDTH %zu\nHEIGHT %zu\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n", width, height);
    for (size_t i = 0; i < width * height; i++) {
        // Premultiplied ARGB32 to straight RGBA, rounded.
        uint32_t p = pixels[i];
        unsigned a = p >> 24, r = p >> 16 & 255, g = p >> 8 & 255, b = p & 255;
        unsigned char q[4] = {a ? (r * 255 + a / 2) / a : 0, a ? (g * 255 + a / 2) / a : 0, a ? (b * 255 + a / 2) / a : 0, a};
        fwrite(q, 1, 4, out);
    }
    fclose(out);
    printf("%zu frames at %g fps, %zux%zu\n", lottie_animation_get_totalframe(animation),
           lottie_animation_get_framerate(animation), width, height);
    lottie_animation_destroy(animation);
    free(pixels);
    return 0;
}
