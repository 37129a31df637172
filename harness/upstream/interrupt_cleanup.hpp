// What an interrupted zfcheck (SIGINT, SIGTERM, SIGHUP) undoes before it dies: the runner processes it
// started and the temporary files it wrote. Installed with the first thing tracked.
#pragma once

#include <string>
#include <sys/types.h>

namespace zfcheck::on_interrupt {

// A child process to stop (SIGTERM, then reaped) on an interrupt, until forget_child(pid); forget it
// before reaping it yourself.
void stop_child(pid_t pid);
void forget_child(pid_t pid);

// A file or directory tree to remove on an interrupt, until forget_path(path).
void remove_path(const std::string& path);
void forget_path(const std::string& path);

}  // namespace zfcheck::on_interrupt
