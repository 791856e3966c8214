// A C view of dlib's face models and OpenCV's dnn, which have only C++ APIs.
#ifndef CFACE_H
#define CFACE_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cface_engine cface_engine;
typedef struct cface_age cface_age;

/// A face box in image pixels; `score` is the detector's confidence.
typedef struct {
    int left, top, right, bottom;
    double score;
} cface_box;

/// Loads the 5-point landmark model, the ResNet embedding and the MMOD detector
/// from `models_dir`. NULL on failure, with a message in `error`.
cface_engine *cface_open(const char *models_dir, char *error, int error_length);
void cface_close(cface_engine *engine);

/// Faces in an RGB image (3 bytes per pixel, rows packed): HOG, or the CNN.
/// `upsample` doubles the image that many times first (small faces).
/// Returns the number found (at most `capacity` written), or -1 on error.
int cface_detect_hog(cface_engine *engine, const unsigned char *rgb, int width, int height, int upsample,
                     cface_box *boxes, int capacity);
int cface_detect_cnn(cface_engine *engine, const unsigned char *rgb, int width, int height, int upsample,
                     cface_box *boxes, int capacity);

/// The 5 landmarks (x0, y0, … x4, y4) of the face in `box`: eye corners and nose.
int cface_landmarks(cface_engine *engine, const unsigned char *rgb, int width, int height, cface_box box,
                    double points[10]);

/// The 128-d embedding of the aligned 150 × 150 chip of the face.
int cface_embed(cface_engine *engine, const unsigned char *rgb, int width, int height, cface_box box,
                const double points[10], float embedding[128]);

/// The face aligned by its landmarks into a `size` × `size` RGB chip (`padding` as dlib's
/// get_face_chip_details); `chip` holds size * size * 3 bytes.
int cface_chip(const unsigned char *rgb, int width, int height, cface_box box, const double points[10], int size,
               double padding, unsigned char *chip);

/// The age network (ONNX, loaded by OpenCV dnn).
cface_age *cface_age_open(const char *onnx_path, char *error, int error_length);
void cface_age_close(cface_age *age);

/// Age class probabilities (81) for one 64 × 64 RGB chip.
int cface_age_probabilities(cface_age *age, const unsigned char *chip, float probabilities[81]);

#ifdef __cplusplus
}
#endif

#endif
