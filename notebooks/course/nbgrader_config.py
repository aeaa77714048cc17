# nbgrader's configuration for the course example (notebooks/course/README.md).
c = get_config()  # noqa: F821 (nbgrader defines it)
c.CourseDirectory.course_id = "ply-minimax"
# Solutions are marked with Prolog comments, and a cleared one becomes this stub.
c.ClearSolutions.code_stub = {"prolog": "% YOUR CODE HERE"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
c.Execute.timeout = 300
