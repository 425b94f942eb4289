// No include guard: ends the bracket hints_on.hpp opened.

#undef UJSON_DETAIL_LIKELY
#undef UJSON_DETAIL_UNLIKELY
#undef UJSON_DETAIL_INLINE
