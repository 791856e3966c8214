#include "CFace.h"
#include "Networks.hpp"

#include <dlib/image_processing.h>
#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/image_transforms.h>

#include <cstring>
#include <exception>
#include <string>

struct cface_engine {
    dlib::frontal_face_detector hog = dlib::get_frontal_face_detector();
    dlib::shape_predictor landmarks;
    cface::embedding_net embedding;
    cface::mmod_net mmod;
};

namespace {
void copy_error(const std::string &message, char *error, int length) {
    if (error == nullptr || length <= 0) return;
    std::strncpy(error, message.c_str(), static_cast<size_t>(length - 1));
    error[length - 1] = 0;
}

dlib::matrix<dlib::rgb_pixel> to_matrix(const unsigned char *rgb, int width, int height) {
    dlib::matrix<dlib::rgb_pixel> image(height, width);
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            const unsigned char *p = rgb + (static_cast<size_t>(y) * width + x) * 3;
            image(y, x) = dlib::rgb_pixel(p[0], p[1], p[2]);
        }
    }
    return image;
}

dlib::rectangle to_rectangle(cface_box box) { return dlib::rectangle(box.left, box.top, box.right, box.bottom); }

dlib::full_object_detection to_shape(cface_box box, const double points[10]) {
    std::vector<dlib::point> parts;
    for (int i = 0; i < 5; i++) parts.emplace_back(static_cast<long>(points[2 * i]), static_cast<long>(points[2 * i + 1]));
    return dlib::full_object_detection(to_rectangle(box), parts);
}

int write_boxes(const std::vector<dlib::rectangle> &found, const std::vector<double> &scores, int scale, cface_box *boxes,
                int capacity) {
    int count = static_cast<int>(found.size());
    for (int i = 0; i < count && i < capacity; i++) {
        boxes[i].left = static_cast<int>(found[i].left() / scale);
        boxes[i].top = static_cast<int>(found[i].top() / scale);
        boxes[i].right = static_cast<int>(found[i].right() / scale);
        boxes[i].bottom = static_cast<int>(found[i].bottom() / scale);
        boxes[i].score = i < static_cast<int>(scores.size()) ? scores[i] : 0;
    }
    return count;
}
}  // namespace

extern "C" cface_engine *cface_open(const char *models_dir, char *error, int error_length) {
    try {
        auto *engine = new cface_engine();
        std::string dir(models_dir);
        dlib::deserialize(dir + "/shape_predictor_5_face_landmarks.dat") >> engine->landmarks;
        dlib::deserialize(dir + "/dlib_face_recognition_resnet_model_v1.dat") >> engine->embedding;
        dlib::deserialize(dir + "/mmod_human_face_detector.dat") >> engine->mmod;
        return engine;
    } catch (const std::exception &e) {
        copy_error(e.what(), error, error_length);
        return nullptr;
    }
}

extern "C" void cface_close(cface_engine *engine) { delete engine; }

namespace {
/// Upsamples `upsample` times, runs `detector` (returning rectangles with
/// confidences), and writes boxes in the original image's pixels.
template <typename Detector>
int detect(const unsigned char *rgb, int width, int height, int upsample, cface_box *boxes, int capacity, Detector detector) {
    try {
        auto image = to_matrix(rgb, width, height);
        int scale = 1;
        for (int i = 0; i < upsample; i++) {
            dlib::pyramid_up(image);
            scale *= 2;
        }
        std::vector<dlib::rectangle> found;
        std::vector<double> scores;
        detector(image, found, scores);
        return write_boxes(found, scores, scale, boxes, capacity);
    } catch (...) {
        return -1;
    }
}
}  // namespace

extern "C" int cface_detect_hog(cface_engine *engine, const unsigned char *rgb, int width, int height, int upsample,
                                cface_box *boxes, int capacity) {
    return detect(rgb, width, height, upsample, boxes, capacity, [engine](auto &image, auto &found, auto &scores) {
        std::vector<dlib::rect_detection> detections;
        engine->hog(image, detections, 0.0);
        for (const auto &d : detections) {
            found.push_back(d.rect);
            scores.push_back(d.detection_confidence);
        }
    });
}

extern "C" int cface_detect_cnn(cface_engine *engine, const unsigned char *rgb, int width, int height, int upsample,
                                cface_box *boxes, int capacity) {
    return detect(rgb, width, height, upsample, boxes, capacity, [engine](auto &image, auto &found, auto &scores) {
        for (const auto &d : engine->mmod(image)) {
            found.push_back(d.rect);
            scores.push_back(d.detection_confidence);
        }
    });
}

extern "C" int cface_landmarks(cface_engine *engine, const unsigned char *rgb, int width, int height, cface_box box,
                               double points[10]) {
    try {
        auto image = to_matrix(rgb, width, height);
        auto shape = engine->landmarks(image, to_rectangle(box));
        if (shape.num_parts() != 5) return -1;
        for (unsigned long i = 0; i < 5; i++) {
            points[2 * i] = shape.part(i).x();
            points[2 * i + 1] = shape.part(i).y();
        }
        return 0;
    } catch (...) {
        return -1;
    }
}

extern "C" int cface_chip(const unsigned char *rgb, int width, int height, cface_box box, const double points[10], int size,
                          double padding, unsigned char *chip) {
    try {
        auto image = to_matrix(rgb, width, height);
        dlib::matrix<dlib::rgb_pixel> out;
        dlib::extract_image_chip(image, dlib::get_face_chip_details(to_shape(box, points), size, padding), out);
        for (long y = 0; y < out.nr(); y++) {
            for (long x = 0; x < out.nc(); x++) {
                unsigned char *p = chip + (static_cast<size_t>(y) * size + x) * 3;
                p[0] = out(y, x).red;
                p[1] = out(y, x).green;
                p[2] = out(y, x).blue;
            }
        }
        return 0;
    } catch (...) {
        return -1;
    }
}

extern "C" int cface_embed(cface_engine *engine, const unsigned char *rgb, int width, int height, cface_box box,
                           const double points[10], float embedding[128]) {
    try {
        auto image = to_matrix(rgb, width, height);
        dlib::matrix<dlib::rgb_pixel> chip;
        // 150 px and 0.25 padding: how the ResNet was trained (and how face_recognition calls it).
        dlib::extract_image_chip(image, dlib::get_face_chip_details(to_shape(box, points), 150, 0.25), chip);
        dlib::matrix<float, 0, 1> descriptor = engine->embedding(chip);
        for (int i = 0; i < 128; i++) embedding[i] = descriptor(i);
        return 0;
    } catch (...) {
        return -1;
    }
}
