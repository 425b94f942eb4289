#pragma once
// Everything in one include.
#include "ujson/binary_reader.hpp"
#include "ujson/binary_writer.hpp"
#include "ujson/decoder.hpp"
#include "ujson/dom.hpp"
#include "ujson/encode.hpp"
#include "ujson/errors.hpp"
#include "ujson/handler.hpp"
#include "ujson/options.hpp"
#include "ujson/pointer.hpp"
#include "ujson/validate.hpp"
#include "ujson/writer.hpp"
