// The branch of the model a result went through, as a short tag for RapidCheck's RC_TAG distribution.
#pragma once

#include "reference/evaluate.hpp"

#include <string>

namespace zfcheck::props {

// "zenflow off", "config_error on <field>" / "config_error in validate_fields" / "config_error before
// the fields", "init_error <type>", or "ok <step|epoch>, <selects once|re-selects|never selects>[, warned]".
std::string branch_tag(const Result& r);

}  // namespace zfcheck::props
