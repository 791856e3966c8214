#include "CFace.h"

#include <opencv2/dnn.hpp>

#include <cstring>
#include <exception>
#include <string>

struct cface_age {
    cv::dnn::Net net;
};

extern "C" cface_age *cface_age_open(const char *onnx_path, char *error, int error_length) {
    try {
        auto *age = new cface_age();
        age->net = cv::dnn::readNetFromONNX(onnx_path);
        age->net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        age->net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
        return age;
    } catch (const std::exception &e) {
        if (error != nullptr && error_length > 0) {
            std::strncpy(error, e.what(), static_cast<size_t>(error_length - 1));
            error[error_length - 1] = 0;
        }
        return nullptr;
    }
}

extern "C" void cface_age_close(cface_age *age) { delete age; }

extern "C" int cface_age_probabilities(cface_age *age, const unsigned char *chip, float probabilities[81]) {
    try {
        // NCHW float, RGB, (value - channel mean) / 256: the model's manifest.
        static const float means[3] = {122.781998f, 117.000999f, 104.297997f};
        int dims[4] = {1, 3, 64, 64};
        cv::Mat input(4, dims, CV_32F);
        float *data = input.ptr<float>();
        for (int c = 0; c < 3; c++)
            for (int y = 0; y < 64; y++)
                for (int x = 0; x < 64; x++)
                    data[(c * 64 + y) * 64 + x] = (static_cast<float>(chip[(y * 64 + x) * 3 + c]) - means[c]) / 256.0f;
        age->net.setInput(input);
        cv::Mat output = age->net.forward();
        if (output.total() != 81) return -1;
        const float *values = output.ptr<float>();
        for (int i = 0; i < 81; i++) probabilities[i] = values[i];
        return 0;
    } catch (...) {
        return -1;
    }
}
